public import Parlance

/// Per-task language overrides, one per manager (a request may use two managers).
struct LanguageScopes: Sendable {
    var entries: [(manager: ObjectIdentifier, state: LanguageState)] = []

    func state(for manager: LanguageManager) -> LanguageState? {
        let id = ObjectIdentifier(manager)
        return entries.last { $0.manager == id }?.state
    }

    func setting(_ state: LanguageState, for manager: LanguageManager) -> LanguageScopes {
        let id = ObjectIdentifier(manager)
        var copy = self
        copy.entries.removeAll { $0.manager == id }
        copy.entries.append((id, state))
        return copy
    }
}

extension LanguageManager {
    /// The per-request languages of the current task (inherited by child tasks and `async let`,
    /// not by detached tasks).
    @TaskLocal static var scopes: LanguageScopes?

    /// Runs `operation` with `state` as this manager's language for the current task and its
    /// child tasks only; other tasks, and the manager's own choice, are unaffected.
    ///
    /// ```swift
    /// let state = try manager.resolve(.language(LocaleID("de")))
    /// let text = manager.withLanguage(state) { manager.string("greeting") }
    /// ```
    public func withLanguage<Result, Failure: Error>(
        _ state: LanguageState, operation: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let scopes = (Self.scopes ?? LanguageScopes()).setting(state, for: self)
        let outcome: Swift.Result<Result, Failure> = Self.$scopes.withValue(scopes) {
            do throws(Failure) {
                return .success(try operation())
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    /// Runs an async `operation` with `state` as this manager's language for the current task
    /// and its child tasks only.
    ///
    /// ```swift
    /// let reply = await manager.withLanguage(manager.resolve(acceptLanguage: header)) {
    ///     await render(manager.string("greeting"))
    /// }
    /// ```
    public func withLanguage<Result, Failure: Error>(
        _ state: LanguageState, isolation: isolated (any Actor)? = #isolation,
        operation: () async throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        let scopes = (Self.scopes ?? LanguageScopes()).setting(state, for: self)
        let outcome: Swift.Result<Result, Failure> = await Self.$scopes.withValue(scopes) {
            do throws(Failure) {
                return .success(try await operation())
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    /// Runs `operation` in the supported language closest to `language` (negotiated: a
    /// per-request language comes from a user and never fails; the development language when
    /// none is close).
    ///
    /// ```swift
    /// manager.withLanguage(try LocaleID("fr-CH")) { manager.effectiveLocale }   // fr
    /// ```
    public func withLanguage<Result, Failure: Error>(
        _ language: LocaleID, operation: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try withLanguage(resolve(preferences: [language]), operation: operation)
    }

    /// The async form of ``withLanguage(_:operation:)-(LocaleID,_)``.
    ///
    /// ```swift
    /// await manager.withLanguage(try LocaleID("ar")) { await send(manager.string("greeting")) }
    /// ```
    public func withLanguage<Result, Failure: Error>(
        _ language: LocaleID, isolation: isolated (any Actor)? = #isolation,
        operation: () async throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        try await withLanguage(resolve(preferences: [language]), isolation: isolation, operation: operation)
    }

    /// Runs `operation` in the supported language negotiated for an HTTP `Accept-Language`
    /// header value (the development language when nothing matches; never fails).
    ///
    /// ```swift
    /// manager.withLanguage(acceptLanguage: "pt-PT, en;q=0.5") { manager.string("greeting") }
    /// ```
    public func withLanguage<Result, Failure: Error>(
        acceptLanguage: String, operation: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try withLanguage(resolve(acceptLanguage: acceptLanguage), operation: operation)
    }

    /// The async form of ``withLanguage(acceptLanguage:operation:)-(_,_)``, for request handlers.
    ///
    /// ```swift
    /// router.get("/") { request, _ in
    ///     try await manager.withLanguage(acceptLanguage: request.headers[.acceptLanguage] ?? "") {
    ///         try await renderPage()
    ///     }
    /// }
    /// ```
    public func withLanguage<Result, Failure: Error>(
        acceptLanguage: String, isolation: isolated (any Actor)? = #isolation,
        operation: () async throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        try await withLanguage(resolve(acceptLanguage: acceptLanguage), isolation: isolation, operation: operation)
    }

    /// Runs `operation` in the supported language closest to a language id string.
    ///
    /// ```swift
    /// let text = try manager.withLanguage("fr-CH") { try manager.localizedString("greeting") }
    /// ```
    /// - Throws: `ParlanceError/Code/invalidLocale` for an ill-formed id, or what `operation` throws.
    public func withLanguage<Result>(_ language: String, operation: () throws -> Result) throws -> Result {
        try withLanguage(resolve(preferences: [LocaleID(language)]), operation: operation)
    }

    /// The async form of ``withLanguage(_:operation:)-(String,_)``.
    public func withLanguage<Result>(
        _ language: String, isolation: isolated (any Actor)? = #isolation, operation: () async throws -> Result
    ) async throws -> Result {
        try await withLanguage(resolve(preferences: [LocaleID(language)]), isolation: isolation, operation: operation)
    }
}
