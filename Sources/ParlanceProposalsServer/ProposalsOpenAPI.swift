#if Server
/// The OpenAPI 3.1 path items of the proposals API, merged into `parlance serve`'s
/// `/openapi.json` (and committed in `Sources/ParlanceServer/openapi.json`, which a test keeps
/// equal to what `parlance serve` serves).
enum ProposalsOpenAPI {
    static let proposal = #"""
        {"type": "object", "required": ["id", "section", "key", "locale", "value", "state", "createdAt"], "properties": {"id": {"type": "string", "format": "uuid"}, "section": {"type": "string"}, "key": {"type": "string"}, "locale": {"type": "string", "description": "BCP 47 language tag"}, "value": {"type": "string"}, "state": {"enum": ["open", "accepted", "rejected"]}, "createdAt": {"type": "string", "format": "date-time"}, "canDelete": {"type": "boolean", "description": "Whether the `guid` the request gave may delete it (absent without one). No answer carries an author's guid."}}}
        """#

    static func error(_ description: String) -> String {
        ##"{"description": "\##(description)", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}"##
    }

    static func ok(_ description: String, array: Bool = false) -> String {
        let schema = array ? #"{"type": "array", "items": \#(proposal)}"# : proposal
        let headers =
            array
            ? #", "headers": {"Parlance-Next-Cursor": {"description": "The `cursor` of the next page; absent on the last page", "schema": {"type": "string"}}, "Link": {"description": "The next page's URL with `rel=\"next\"`; absent on the last page", "schema": {"type": "string"}}}"#
            : ""
        return #"{"description": "\#(description)"\#(headers), "content": {"application/json": {"schema": \#(schema)}}}"#
    }

    /// The store's failures, on every route: 500 and 503 with `Retry-After`.
    static let storeFailures =
        ##""500": \##(error("`proposal-store-failed`: the store refused a statement")), "503": {"description": "`store-unavailable`: the proposal store cannot be reached or did not answer in time; try again after `Retry-After` seconds", "headers": {"Retry-After": {"description": "Seconds to wait before trying again", "schema": {"type": "integer"}}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}"##

    static let unauthorized = error(
        "`unauthorized`: the service has a token (`PARLANCE_API_TOKEN`) and the request lacks `Authorization: Bearer <token>` or has a wrong one")
    static let badRequest = error(
        "`invalid-json`, `missing-field`, `invalid-argument` (empty or too long field, control character, not UTF-8), `invalid-locale`")
    static let idParameter = #"{"name": "id", "in": "path", "required": true, "schema": {"type": "string", "format": "uuid"}}"#
    static let security = #"[{}, {"bearer": []}]"#

    static func review(_ verb: String, _ state: String) -> String {
        #"""
        {"post": {"operationId": "\#(verb)Proposal", "summary": "\#(verb.capitalized) an open proposal (a reviewer's decision)", "parameters": [\#(idParameter)], "security": \#(security), "responses": {"200": \#(ok("The proposal, now \(state)")), "400": \#(error("`invalid-argument`: the id is not a UUID")), "401": \#(unauthorized), "404": \#(error("`not-found`: no proposal has this id")), "409": \#(error("`proposal-not-open`: it was already accepted or rejected")), \#(storeFailures)}}}
        """#
    }

    static var paths: [(path: String, json: String)] {
        [
            (
                "/content/localize/proposals",
                #"""
                {"post": {"operationId": "propose", "summary": "Propose a translation", "description": "One open proposal per (section, key, locale, guid): a different value replaces the guid's open proposal (200, same id); the same value again is 409 `duplicate-proposal`. Limits: section 256, key 1,024, value 10,000, guid 128 UTF-8 bytes; body 64 KiB.", "security": \#(security), "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "required": ["section", "key", "locale", "value", "guid"], "properties": {"section": {"type": "string"}, "key": {"type": "string"}, "locale": {"type": "string"}, "value": {"type": "string"}, "guid": {"type": "string"}}}, "examples": {"proposal": {"value": {"section": "Localizable", "key": "settings.title", "locale": "de", "value": "Einstellungen", "guid": "device-1"}}}}}}, "responses": {"201": \#(ok("Stored as a new open proposal")), "200": \#(ok("Replaced the guid's open proposal for this text and locale")), "400": \#(badRequest), "401": \#(unauthorized), "409": \#(error("`duplicate-proposal`: the guid's open proposal already has this value")), "413": \#(error("`payload-too-large`")), "415": \#(error("`unsupported-media-type`: send application/json")), \#(storeFailures)}}, "get": {"operationId": "listProposals", "summary": "List proposals, each saying whether `guid` may delete it", "description": "Pages of at most `limit` proposals, oldest first; while more follow, the `Parlance-Next-Cursor` header gives the `cursor` of the next page. No row carries an author's guid.", "parameters": [{"name": "guid", "in": "query", "required": false, "schema": {"type": "string"}, "description": "The asking client; without it `canDelete` is false everywhere"}, {"name": "limit", "in": "query", "required": false, "schema": {"type": "integer", "minimum": 1, "maximum": 1000, "default": 100}}, {"name": "cursor", "in": "query", "required": false, "schema": {"type": "string"}, "description": "The opaque `Parlance-Next-Cursor` of the previous page"}, {"name": "section", "in": "query", "required": false, "schema": {"type": "string"}}, {"name": "key", "in": "query", "required": false, "schema": {"type": "string"}}, {"name": "locale", "in": "query", "required": false, "schema": {"type": "string"}}, {"name": "state", "in": "query", "required": false, "schema": {"enum": ["open", "accepted", "rejected"]}}], "responses": {"200": \#(ok("The matching proposals, oldest first", array: true)), "400": \#(error("`invalid-argument` (a field, `limit` out of range, a cursor this service did not hand out), `invalid-locale`")), \#(storeFailures)}}}
                """#
            ),
            (
                "/content/localize/proposals/{id}",
                #"""
                {"get": {"operationId": "getProposal", "summary": "One proposal", "parameters": [\#(idParameter), {"name": "guid", "in": "query", "required": false, "schema": {"type": "string"}, "description": "The asking client: the answer says whether it may delete the proposal"}], "responses": {"200": \#(ok("The proposal")), "400": \#(error("`invalid-argument`: the id is not a UUID")), "404": \#(error("`not-found`")), \#(storeFailures)}}, "delete": {"operationId": "deleteProposal", "summary": "Delete a proposal; only its author's guid may", "parameters": [\#(idParameter), {"name": "guid", "in": "query", "required": true, "schema": {"type": "string"}}], "security": \#(security), "responses": {"204": {"description": "Deleted"}, "400": \#(error("`missing-argument` (no guid), `invalid-argument`")), "401": \#(unauthorized), "403": \#(error("`forbidden`: another guid made it")), "404": \#(error("`not-found`: no proposal has this id")), \#(storeFailures)}}}
                """#
            ),
            ("/content/localize/proposals/{id}/accept", review("accept", "accepted")),
            ("/content/localize/proposals/{id}/reject", review("reject", "rejected")),
        ]
    }
}
#endif
