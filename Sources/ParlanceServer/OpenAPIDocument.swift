#if Server
import ParlanceHTTP

/// The OpenAPI 3.1 document of `parlance serve`, served at `/openapi.json`.
///
/// `Sources/ParlanceServer/openapi.json` is the document `parlance serve` serves: this text
/// with the proposals API's paths (`ProposalsServerExtension`) merged in. Edit both
/// (`ServeTests.theCommittedOpenAPIFileIsTheServedDocument` fails when they differ).
enum OpenAPIDocument {
    /// The document's text.
    static let json: String = #"""
        {
          "openapi": "3.1.0",
          "info": {
            "title": "Parlance service",
            "version": "1.0.0",
            "description": "ICU-grade locale formatting and localization over HTTP (`parlance serve`). Operations are those of the JSON Lines batch protocol v1.2 (shared/spec/batch-protocol.md): the same request objects, the same result and error objects (v1.2 adds `format-parts`, `collate`, `segment`, `locale-info`, `supported-values`, `case` and the extended `display-name`; `supported-values` takes no `locale`). Errors are `{\"error\":{\"code\",\"message\"}}`; the HTTP status of an error code: 400 for `bad-request`, `invalid-json`, `missing-field`, `invalid-argument`, `invalid-locale`, `invalid-number`, `invalid-skeleton`, `invalid-time`, `invalid-time-zone`, `invalid-message`, `missing-argument`; 401 `unauthorized`; 403 `forbidden`; 404 for `unknown-op`, `missing-key`, `not-found`, `no-catalog`; 405 `method-not-allowed`; 408 `request-timeout`; 409 `duplicate-proposal`, `proposal-not-open`; 413 `payload-too-large`; 415 `unsupported-media-type`; 500 for `internal`, `invalid-file`, `invalid-format`. The language of a request is `locale` in the body, else `Accept-Language` negotiated against the catalog's languages (with a catalog and no `Accept-Language`: its development language; without a catalog: the header's preferred well-formed range). A request to a documented path with another method gets 405 `method-not-allowed` with `Allow`. Every GET route answers HEAD with the GET's status and headers and no body. A request that is not valid HTTP/1.1 (a bad `Content-Length`, headers over the limits, an unknown method, a bad chunk size) gets 400 `bad-request` with the error body, on any path, and the connection is closed. Error messages name catalog files relative to the catalog root."
          },
          "servers": [
            {
              "url": "http://127.0.0.1:8080"
            }
          ],
          "paths": {
            "/v1/{op}": {
              "post": {
                "operationId": "runOperation",
                "summary": "Run one batch operation",
                "description": "The body is a batch request object; `op` comes from the path (in the body it must be absent or equal). `locale` may be left out when `Accept-Language` is sent or the server has a catalog (then its development language). The answer is the batch response object: `{\"id\"?,\"result\"}` with 200, or `{\"id\"?,\"error\"}` with the error's status.",
                "parameters": [
                  {
                    "name": "op",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "type": "string",
                      "examples": [
                        "plural",
                        "plural-categories",
                        "number",
                        "date",
                        "relative",
                        "list",
                        "direction",
                        "display-name",
                        "negotiate",
                        "localize",
                        "message",
                        "plural-range",
                        "number-range",
                        "date-interval",
                        "format-parts",
                        "collate",
                        "segment",
                        "locale-info",
                        "supported-values",
                        "case"
                      ]
                    },
                    "description": "A batch operation; unknown ones are 404 `unknown-op`."
                  },
                  {
                    "$ref": "#/components/parameters/Accept-Language"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/OperationRequest"
                      },
                      "examples": {
                        "number": {
                          "value": {
                            "locale": "de",
                            "number": "1234.5",
                            "skeleton": "currency/EUR"
                          }
                        },
                        "format-parts": {
                          "value": {
                            "kind": "number",
                            "locale": "de",
                            "number": "1234.5",
                            "skeleton": "currency/EUR"
                          }
                        },
                        "collate": {
                          "value": {
                            "locale": "sv",
                            "items": [
                              "z",
                              "ä",
                              "a"
                            ]
                          }
                        },
                        "segment": {
                          "value": {
                            "locale": "th",
                            "text": "สวัสดีครับ",
                            "granularity": "word"
                          }
                        },
                        "localize": {
                          "value": {
                            "key": "items.count",
                            "args": [
                              3
                            ]
                          }
                        }
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The result.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Result"
                        }
                      }
                    },
                    "headers": {
                      "Content-Language": {
                        "$ref": "#/components/headers/Content-Language"
                      },
                      "Vary": {
                        "$ref": "#/components/headers/Vary"
                      }
                    }
                  },
                  "400": {
                    "description": "Malformed JSON or a bad field (`invalid-json`, `missing-field`, `invalid-argument`, `invalid-locale`, …), or a request that is not valid HTTP/1.1 (`bad-request`).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/ErrorAnswer"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "Unknown operation (`unknown-op`), key (`missing-key`), or `localize` on a server without a catalog (`no-catalog`).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/ErrorAnswer"
                        }
                      }
                    }
                  },
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  },
                  "408": {
                    "description": "The body did not arrive in time (`request-timeout`).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "413": {
                    "description": "The body is larger than the limit (`payload-too-large`), whether its length is declared (`Content-Length`) or not (chunked).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "415": {
                    "description": "The Content-Type is not application/json (`unsupported-media-type`).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "500": {
                    "description": "A malformed catalog value (`invalid-format`, naming the file relative to the catalog root) or `internal`.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/ErrorAnswer"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/v1/batch": {
              "post": {
                "operationId": "runBatch",
                "summary": "Run many operations: JSON Lines in, JSON Lines out, streamed",
                "description": "Every non-blank line gets one answer line, in order, written as the line arrives; a bad line gets an error line and the stream goes on. A line longer than the line limit gets a `payload-too-large` error line.",
                "parameters": [
                  {
                    "$ref": "#/components/parameters/Accept-Language"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/x-ndjson": {
                      "schema": {
                        "type": "string"
                      }
                    },
                    "application/jsonl": {
                      "schema": {
                        "type": "string"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "One answer line per request line.",
                    "content": {
                      "application/x-ndjson": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    },
                    "headers": {
                      "Vary": {
                        "$ref": "#/components/headers/Vary"
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/MalformedRequest"
                  },
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  },
                  "415": {
                    "description": "The Content-Type is not JSON Lines (`unsupported-media-type`).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/v1/catalog/{locale}": {
              "get": {
                "operationId": "getCatalog",
                "summary": "The resolved strings of a locale",
                "description": "Every key of the table with the fallback chain (and negotiation) applied, as `localize` resolves it. Plural entries come as their format and variables.",
                "parameters": [
                  {
                    "name": "locale",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "type": "string",
                      "pattern": "^[A-Za-z]{2,8}([-_][A-Za-z]{4})?([-_]([A-Za-z]{2}|[0-9]{3}))?([-_]([A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))*$"
                    }
                  },
                  {
                    "name": "table",
                    "in": "query",
                    "required": false,
                    "schema": {
                      "type": "string",
                      "default": "Localizable"
                    }
                  },
                  {
                    "name": "If-None-Match",
                    "in": "header",
                    "required": false,
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The strings.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/CatalogStrings"
                        }
                      }
                    },
                    "headers": {
                      "ETag": {
                        "schema": {
                          "type": "string"
                        }
                      },
                      "Cache-Control": {
                        "schema": {
                          "type": "string"
                        }
                      },
                      "Content-Language": {
                        "$ref": "#/components/headers/Content-Language"
                      }
                    }
                  },
                  "304": {
                    "description": "Not modified (the `If-None-Match` tag matches).",
                    "headers": {
                      "ETag": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "An ill-formed locale (`invalid-locale`), or a request that is not valid HTTP/1.1 (`bad-request`).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No such table (`missing-key`) or no catalog (`no-catalog`).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  }
                }
              }
            },
            "/health": {
              "get": {
                "operationId": "health",
                "summary": "Liveness, the dependencies, the operations and the catalog's languages",
                "responses": {
                  "200": {
                    "description": "Healthy: every dependency answers.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Health"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "Degraded: a dependency (`proposal-store`) is down; `failing` names it. Recovers on its own when it answers again.",
                    "headers": {
                      "Retry-After": {
                        "description": "Seconds to wait before asking again",
                        "schema": {
                          "type": "integer"
                        }
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Health"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/MalformedRequest"
                  },
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  }
                }
              }
            },
            "/metrics": {
              "get": {
                "operationId": "metrics",
                "summary": "Prometheus text exposition",
                "responses": {
                  "200": {
                    "description": "Metrics.",
                    "content": {
                      "text/plain": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/MalformedRequest"
                  },
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  }
                }
              }
            },
            "/openapi.json": {
              "get": {
                "operationId": "openAPI",
                "summary": "This document",
                "responses": {
                  "200": {
                    "description": "The OpenAPI 3.1 document.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/MalformedRequest"
                  },
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  }
                }
              }
            }
          },
          "components": {
            "securitySchemes": {
              "bearer": {
                "type": "http",
                "scheme": "bearer",
                "description": "Routes that write need it when the service is started with a token ($PARLANCE_API_TOKEN, $PARLANCE_SERVE_TOKEN or --token-file)."
              }
            },
            "parameters": {
              "Accept-Language": {
                "name": "Accept-Language",
                "in": "header",
                "required": false,
                "schema": {
                  "type": "string"
                },
                "description": "Used when the body has no `locale`."
              }
            },
            "responses": {
              "MalformedRequest": {
                "description": "The request is not valid HTTP/1.1 (`bad-request`): a bad `Content-Length`, headers over the server's limits, a broken chunk size.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "MethodNotAllowed": {
                "description": "The path does not accept this method (`method-not-allowed`); `Allow` lists the methods it accepts.",
                "headers": {
                  "Allow": {
                    "$ref": "#/components/headers/Allow"
                  }
                },
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              }
            },
            "headers": {
              "Content-Language": {
                "description": "The locale of the result; for `localize`, the locale of the table the string came from.",
                "schema": {
                  "type": "string"
                }
              },
              "Vary": {
                "description": "Accept-Language",
                "schema": {
                  "type": "string"
                }
              },
              "Allow": {
                "description": "The methods the path accepts.",
                "schema": {
                  "type": "string"
                }
              }
            },
            "schemas": {
              "Error": {
                "type": "object",
                "required": [
                  "error"
                ],
                "properties": {
                  "error": {
                    "type": "object",
                    "required": [
                      "code",
                      "message"
                    ],
                    "properties": {
                      "code": {
                        "type": "string"
                      },
                      "message": {
                        "type": "string"
                      }
                    }
                  }
                }
              },
              "ErrorAnswer": {
                "type": "object",
                "required": [
                  "error"
                ],
                "properties": {
                  "id": {},
                  "error": {
                    "type": "object",
                    "required": [
                      "code",
                      "message"
                    ],
                    "properties": {
                      "code": {
                        "type": "string"
                      },
                      "message": {
                        "type": "string"
                      }
                    }
                  }
                }
              },
              "Result": {
                "type": "object",
                "required": [
                  "result"
                ],
                "properties": {
                  "id": {},
                  "result": {}
                }
              },
              "OperationRequest": {
                "type": "object",
                "additionalProperties": true,
                "properties": {
                  "id": {},
                  "op": {
                    "type": "string"
                  },
                  "locale": {
                    "type": "string"
                  }
                }
              },
              "CatalogStrings": {
                "type": "object",
                "required": [
                  "locale",
                  "table",
                  "strings"
                ],
                "properties": {
                  "locale": {
                    "type": "string"
                  },
                  "table": {
                    "type": "string"
                  },
                  "strings": {
                    "type": "object",
                    "additionalProperties": {
                      "oneOf": [
                        {
                          "type": "string"
                        },
                        {
                          "type": "object",
                          "required": [
                            "format",
                            "variables"
                          ],
                          "properties": {
                            "format": {
                              "type": "string"
                            },
                            "variables": {
                              "type": "object"
                            }
                          }
                        }
                      ]
                    }
                  }
                }
              },
              "Health": {
                "type": "object",
                "required": [
                  "status",
                  "dependencies",
                  "failing",
                  "operations"
                ],
                "properties": {
                  "status": {
                    "enum": [
                      "ok",
                      "degraded"
                    ]
                  },
                  "dependencies": {
                    "type": "object",
                    "description": "Each dependency's state",
                    "additionalProperties": {
                      "enum": [
                        "ok",
                        "unavailable"
                      ]
                    }
                  },
                  "failing": {
                    "type": "array",
                    "description": "The dependencies that are down",
                    "items": {
                      "type": "string"
                    }
                  },
                  "operations": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "catalog": {
                    "oneOf": [
                      {
                        "type": "null"
                      },
                      {
                        "type": "object",
                        "properties": {
                          "locales": {
                            "type": "array",
                            "items": {
                              "type": "string"
                            }
                          },
                          "tables": {
                            "type": "array",
                            "items": {
                              "type": "string"
                            }
                          }
                        }
                      }
                    ]
                  }
                }
              }
            }
          }
        }
        """#

    /// The document with extension path items added to `paths` (see ``ParlanceServerExtension``).
    static func merged(with paths: [(path: String, json: String)]) -> String {
        guard !paths.isEmpty, let marker = json.range(of: "\"paths\": {") else { return json }
        var text = json
        let inserted = paths.map { item in
            var key: [UInt8] = []
            HTTPErrorMapping.appendJSONString(item.path, to: &key)
            return String(decoding: key, as: UTF8.self) + ": " + item.json + ","
        }.joined()
        text.insert(contentsOf: inserted, at: marker.upperBound)
        return text
    }
}
#endif
