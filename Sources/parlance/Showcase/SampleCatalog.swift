import Foundation

/// A small catalog written as Xcode writes one — UTF-16 `.strings` with a byte order mark,
/// XML `.stringsdict` (the en/ru/ar examples of the iOS localization reference), and an
/// `.xcstrings` String Catalog with plural and device variations and substitutions — for the
/// showcase and the benchmark. Languages: en, ru, ar, pl, cy, ga, fr.
///
/// The same files are in the repository at `Tests/SampleCatalog` (for the README's commands
/// and the tests); `ExampleCatalogTests` checks that both are identical byte for byte.
enum SampleCatalog {
    /// Relative path → bytes.
    static var files: [(path: String, bytes: [UInt8])] {
        var files: [(String, [UInt8])] = []
        for (language, text) in strings {
            // fr is big-endian UTF-16, the others little-endian, as older and newer Xcodes write.
            files.append(("\(language).lproj/Localizable.strings", utf16(text, bigEndian: language == "fr")))
        }
        for (language, text) in stringsdicts {
            files.append(("\(language).lproj/Localizable.stringsdict", Array(text.utf8)))
        }
        files.append(("Shop.xcstrings", Array(shopCatalog.utf8)))
        return files
    }

    /// Writes the sample into `directory` (created if needed).
    static func write(to directory: String) throws {
        let manager = FileManager.default
        for (path, bytes) in files {
            let full = directory + "/" + path
            let parent = (full as NSString).deletingLastPathComponent
            try manager.createDirectory(atPath: parent, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: full))
        }
    }

    /// Writes the sample into a fresh temporary directory and returns its path.
    static func writeToTemporaryDirectory() throws -> String {
        let directory = NSTemporaryDirectory() + "parlance-sample-\(UInt64.random(in: 0...UInt64.max))"
        try write(to: directory)
        return directory
    }

    static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
        var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
        for unit in text.utf16 {
            let high = UInt8(unit >> 8)
            let low = UInt8(unit & 0xFF)
            bytes += bigEndian ? [high, low] : [low, high]
        }
        return bytes
    }

    static let strings: [(String, String)] = [
        (
            "en",
            #"""
            /* Generic UI chrome */
            "total_odds" = "Total Odds";
            "bet_amount" = "Bet Amount";
            "place_bet" = "Place Bet";
            "no_results" = "No results found";
            "load_more_count" = "Load {count} more";
            /* Formats */
            "user.greeting" = "Hello, %@!";
            "download.progress" = "%1$@: %2$.1f%% of %3$d MB";
            "items.count" = "%d items (strings fallback)";
            // Escapes and unquoted keys
            "escapes" = "Caf\U00e9 \"quoted\"\n\\ tab\there";
            only_en = English_only;
            """#
        ),
        (
            "fr",
            #"""
            /* French: big-endian UTF-16 */
            "total_odds" = "Cotes Totales";
            "bet_amount" = "Mise";
            "place_bet" = "Placer le Pari";
            "load_more_count" = "Voir {count} de plus";
            "user.greeting" = "Bonjour, %@ !";
            "download.progress" = "%1$@ : %2$.1f %% de %3$d Mo";
            """#
        ),
        (
            "ru",
            #"""
            "total_odds" = "Общий коэффициент";
            "user.greeting" = "Привет, %@!";
            "download.progress" = "%1$@: %2$.1f%% из %3$d МБ";
            "items.count" = "the .stringsdict entry wins over this";
            """#
        ),
        (
            "ar",
            #"""
            "total_odds" = "إجمالي الاحتمالات";
            "user.greeting" = "مرحبًا، %@!";
            "download.progress" = "%1$@: %2$.1f%% من %3$d م.ب";
            """#
        ),
        (
            "pl",
            #"""
            "total_odds" = "Łączny kurs";
            """#
        ),
    ]

    private static func plist(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(body)
        </dict>
        </plist>

        """
    }

    private static func pluralEntry(
        _ key: String, format: String = "%#@items@", variable: String = "items",
        type: String = "d", _ variants: [(String, String)]
    ) -> String {
        let cases = variants.map { "            <key>\($0.0)</key>\n            <string>\($0.1)</string>" }.joined(separator: "\n")
        return """
                <key>\(key)</key>
                <dict>
                    <key>NSStringLocalizedFormatKey</key>
                    <string>\(format)</string>
                    <key>\(variable)</key>
                    <dict>
                        <key>NSStringFormatSpecTypeKey</key>
                        <string>NSStringPluralRuleType</string>
                        <key>NSStringFormatValueTypeKey</key>
                        <string>\(type)</string>
            \(cases)
                    </dict>
                </dict>
            """
    }

    /// en holds items.count, user.photos.count, files.in.folders and time.ago.minutes; ru, ar,
    /// pl, cy and ga hold items.count in the same pattern.
    static let stringsdicts: [(String, String)] = [
        (
            "en",
            plist(
                """
                \(pluralEntry("items.count", [("zero", "No items"), ("one", "%d item"), ("other", "%d items")]))
                \(pluralEntry("user.photos.count", format: "%1$@ has %2$#@photos@", variable: "photos",
                      [("zero", "no photos"), ("one", "%2$d photo"), ("other", "%2$d photos")]))
                    <key>files.in.folders</key>
                    <dict>
                        <key>NSStringLocalizedFormatKey</key>
                        <string>%1$#@files@ in %2$#@folders@</string>
                        <key>files</key>
                        <dict>
                            <key>NSStringFormatSpecTypeKey</key>
                            <string>NSStringPluralRuleType</string>
                            <key>NSStringFormatValueTypeKey</key>
                            <string>d</string>
                            <key>one</key>
                            <string>%1$d file</string>
                            <key>other</key>
                            <string>%1$d files</string>
                        </dict>
                        <key>folders</key>
                        <dict>
                            <key>NSStringFormatSpecTypeKey</key>
                            <string>NSStringPluralRuleType</string>
                            <key>NSStringFormatValueTypeKey</key>
                            <string>d</string>
                            <key>one</key>
                            <string>%2$d folder</string>
                            <key>other</key>
                            <string>%2$d folders</string>
                        </dict>
                    </dict>
                \(pluralEntry("time.ago.minutes", format: "%#@minutes@ ago", variable: "minutes",
                      [("one", "%d minute"), ("other", "%d minutes")]))
                \(pluralEntry("distance.km", format: "%#@km@", variable: "km", type: ".1f",
                      [("one", "%.1f kilometre"), ("other", "%.1f kilometres")]))
                """)
        ),
        (
            "ru",
            plist(
                """
                \(pluralEntry("items.count", [("zero", "Нет элементов"), ("one", "%d элемент"), ("few", "%d элемента"),
                                      ("many", "%d элементов"), ("other", "%d элементов")]))
                """)
        ),
        (
            "ar",
            plist(
                """
                \(pluralEntry("items.count", [("zero", "لا عناصر"), ("one", "عنصر واحد"), ("two", "عنصران"),
                                      ("few", "%d عناصر"), ("many", "%d عنصرًا"), ("other", "%d عنصر")]))
                """)
        ),
        (
            "pl",
            plist(
                """
                \(pluralEntry("items.count", [("one", "%d element"), ("few", "%d elementy"), ("many", "%d elementów"),
                                      ("other", "%d elementu")]))
                """)
        ),
        (
            "cy",
            plist(
                """
                \(pluralEntry("items.count", [("zero", "%d eitemau (zero)"), ("one", "%d eitem (one)"), ("two", "%d eitem (two)"),
                                      ("few", "%d eitem (few)"), ("many", "%d eitem (many)"), ("other", "%d eitem (other)")]))
                """)
        ),
        (
            "ga",
            plist(
                """
                \(pluralEntry("items.count", [("one", "%d mhír (one)"), ("two", "%d mhír (two)"), ("few", "%d mhír (few)"),
                                      ("many", "%d mír (many)"), ("other", "%d mír (other)")]))
                """)
        ),
    ]

    /// A String Catalog table "Shop": plural variations, device variations, substitutions,
    /// a key without translations, and a stale/needs_review unit.
    static let shopCatalog = #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "cart.items" : {
              "comment" : "Number of items in the cart",
              "extractionState" : "manual",
              "localizations" : {
                "en" : {
                  "variations" : {
                    "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld item in your cart" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld items in your cart" } }
                    }
                  }
                },
                "pl" : {
                  "variations" : {
                    "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld produkt w koszyku" } },
                      "few" : { "stringUnit" : { "state" : "translated", "value" : "%lld produkty w koszyku" } },
                      "many" : { "stringUnit" : { "state" : "translated", "value" : "%lld produktów w koszyku" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld produktu w koszyku" } }
                    }
                  }
                },
                "ru" : {
                  "variations" : {
                    "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld товар в корзине" } },
                      "few" : { "stringUnit" : { "state" : "translated", "value" : "%lld товара в корзине" } },
                      "many" : { "stringUnit" : { "state" : "translated", "value" : "%lld товаров в корзине" } },
                      "other" : { "stringUnit" : { "state" : "needs_review", "value" : "%lld товара в корзине" } }
                    }
                  }
                }
              }
            },
            "checkout.title" : {
              "localizations" : {
                "en" : {
                  "variations" : {
                    "device" : {
                      "iphone" : { "stringUnit" : { "state" : "translated", "value" : "Tap to pay" } },
                      "mac" : { "stringUnit" : { "state" : "translated", "value" : "Click to pay" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "Pay now" } }
                    }
                  }
                },
                "fr" : {
                  "variations" : {
                    "device" : {
                      "iphone" : { "stringUnit" : { "state" : "translated", "value" : "Touchez pour payer" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "Payer maintenant" } }
                    }
                  }
                }
              }
            },
            "cart.summary" : {
              "localizations" : {
                "en" : {
                  "stringUnit" : { "state" : "translated", "value" : "%#@items@ for %#@people@" },
                  "substitutions" : {
                    "items" : {
                      "argNum" : 1,
                      "formatSpecifier" : "lld",
                      "variations" : {
                        "plural" : {
                          "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg item" } },
                          "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg items" } }
                        }
                      }
                    },
                    "people" : {
                      "argNum" : 2,
                      "formatSpecifier" : "lld",
                      "variations" : {
                        "plural" : {
                          "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg person" } },
                          "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg people" } }
                        }
                      }
                    }
                  }
                },
                "ru" : {
                  "stringUnit" : { "state" : "translated", "value" : "%#@items@ на %#@people@" },
                  "substitutions" : {
                    "items" : {
                      "argNum" : 1,
                      "formatSpecifier" : "lld",
                      "variations" : {
                        "plural" : {
                          "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg товар" } },
                          "few" : { "stringUnit" : { "state" : "translated", "value" : "%arg товара" } },
                          "many" : { "stringUnit" : { "state" : "translated", "value" : "%arg товаров" } },
                          "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg товара" } }
                        }
                      }
                    },
                    "people" : {
                      "argNum" : 2,
                      "formatSpecifier" : "lld",
                      "variations" : {
                        "plural" : {
                          "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg человека" } },
                          "few" : { "stringUnit" : { "state" : "translated", "value" : "%arg человек" } },
                          "many" : { "stringUnit" : { "state" : "translated", "value" : "%arg человек" } },
                          "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg человека" } }
                        }
                      }
                    }
                  }
                }
              }
            },
            "Welcome to the shop" : {
              "localizations" : {
                "fr" : { "stringUnit" : { "state" : "translated", "value" : "Bienvenue dans la boutique" } }
              }
            }
          },
          "version" : "1.0"
        }
        """#
}
