// The accessors of this module (`Tricky`) are generated at build time by the
// ParlanceKeyGenPlugin from Tests/ParlanceKeyGenTests/Golden/Tricky (see parlance-keygen.json):
// keys that are not Swift identifiers, collisions, every specifier type, positional arguments,
// plural variables, `.xcstrings` substitutions and YAML `%{name}` placeholders, compiled for real.
public import ParlanceLocalization

extension Tricky {
    /// Binds the generated accessors to a manager (for ParlanceKeyGenPluginTests).
    public static func bind(_ manager: LanguageManager) {
        binding.bind(manager)
    }
}
