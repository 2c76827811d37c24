import Foundation
import PackagePlugin

/// The SwiftPM build-tool plugin: runs the `parlance gen` generator
/// (`ParlanceKeyGen`, through the small `parlance-keygen` tool) on a target's catalog at every
/// `swift build`, and compiles the generated accessors into the target.
///
/// Configuration: an optional `parlance-keygen.json` in the target's directory (exclude it from
/// the target, or SwiftPM warns about an unhandled file):
///
/// ```json
/// { "catalog": "Resources", "enumName": "L10n", "accessLevel": "internal",
///   "tables": ["Localizable"], "developmentLanguage": "en" }
/// ```
///
/// Every field is optional. `catalog` is relative to the target's directory (default: its
/// `Resources` folder when there is one, else the directory itself). Every catalog file under
/// it (`.strings`, `.stringsdict`, `.xcstrings`, `.yml`, `.yaml`) and the configuration file
/// are the command's inputs, so the build regenerates exactly when one of them changes (or one
/// is added or removed). The output goes to the plugin's work directory, never into the sources.
@main
struct ParlanceKeyGenPlugin: BuildToolPlugin {
    /// The configuration file's fields (all optional).
    struct Configuration: Decodable {
        var catalog: String?
        var enumName: String?
        var accessLevel: String?
        var tables: [String]?
        var developmentLanguage: String?
    }

    static let configurationFileName = "parlance-keygen.json"
    static let catalogExtensions: Set<String> = ["strings", "stringsdict", "xcstrings", "yml", "yaml"]

    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        guard let module = target as? SwiftSourceModuleTarget else {
            throw PluginError(message: "\(target.name): ParlanceKeyGenPlugin generates Swift, so it applies to Swift targets only")
        }
        let directory = module.directoryURL
        let configurationURL = directory.appendingPathComponent(Self.configurationFileName)
        var configuration = Configuration()
        var inputs: [URL] = []
        if let data = FileManager.default.contents(atPath: configurationURL.path) {
            do {
                configuration = try JSONDecoder().decode(Configuration.self, from: data)
            } catch {
                throw PluginError(message: "\(configurationURL.path): not a valid parlance-keygen configuration: \(error)")
            }
            inputs.append(configurationURL)
        }
        let catalog: URL
        if let relative = configuration.catalog {
            catalog = relative.hasPrefix("/") ? URL(fileURLWithPath: relative) : directory.appendingPathComponent(relative)
        } else {
            var isDirectory: ObjCBool = false
            let resources = directory.appendingPathComponent("Resources")
            let hasResources = FileManager.default.fileExists(atPath: resources.path, isDirectory: &isDirectory) && isDirectory.boolValue
            catalog = hasResources ? resources : directory
        }
        let catalogPath = catalog.standardizedFileURL.path
        guard FileManager.default.fileExists(atPath: catalogPath) else {
            throw PluginError(message: "\(target.name): the catalog directory \(catalogPath) does not exist (\(Self.configurationFileName) \"catalog\")")
        }
        inputs += Self.catalogFiles(under: URL(fileURLWithPath: catalogPath))

        let enumName = configuration.enumName ?? "L10n"
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("\(enumName)+ParlanceKeys.swift")
        var arguments = [catalogPath, output.path, "--enum-name", enumName]
        if let access = configuration.accessLevel { arguments += ["--access-level", access] }
        for table in configuration.tables ?? [] { arguments += ["--table", table] }
        if let language = configuration.developmentLanguage { arguments += ["--development-language", language] }

        return [
            .buildCommand(
                displayName: "Generating \(enumName) accessors for \(target.name) from \(catalogPath)",
                executable: try context.tool(named: "parlance-keygen").url,
                arguments: arguments,
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }

    /// The catalog files under a directory, sorted (hidden entries skipped).
    static func catalogFiles(under root: URL) -> [URL] {
        guard
            let enumerator = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        var files: [URL] = []
        for case let url as URL in enumerator where catalogExtensions.contains(url.pathExtension.lowercased()) {
            files.append(url.standardizedFileURL)
        }
        return files.sorted { $0.path < $1.path }
    }
}

/// A configuration problem, shown by SwiftPM as the plugin's error.
struct PluginError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
