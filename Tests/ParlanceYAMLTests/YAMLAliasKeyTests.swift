#if YAML
import ParlanceLocalization
import Testing

@testable import ParlanceYAML

/// Aliases inside mapping keys are refused before Yams parses the text (Yams hashes whole key
/// structures, so a nested alias key costs its exponential expansion), located at the alias;
/// aliases where catalogs use them (values, merge keys) and alias-like text in scalars and
/// comments are read as before.
@Suite("YAML: aliases in mapping keys")
struct YAMLAliasKeyTests {
    /// Nine levels of nine aliases each (9⁸ nodes under `*h`), `*h` used as a key inside a flow
    /// sequence: the input a fuzzer found to hold the parser for minutes.
    static let nestedBomb = """
        en:
          a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
          b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
          c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
          d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
          e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
          f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
          g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
          h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
          i: &i [*h,*h,*h,*h,*h,*h:,*h,*h,*h]
        """

    @Test(
        "every form of alias key is found at the alias",
        arguments: [
            (nestedBomb, 10, 25, "h"),
            ("en:\n  a: &a [x]\n  *a: y\n", 3, 3, "a"),
            ("en:\n  a: &a [x]\n  *a : y\n", 3, 3, "a"),
            ("en:\n  a: &a [x]\n  b: {*a: y}\n", 3, 7, "a"),
            ("en:\n  a: &a [x]\n  b: [[*a, 1]: y]\n", 3, 8, "a"),
            ("en:\n  a: &a [x]\n  [*a]: y\n", 3, 4, "a"),
            ("en:\n  a: &a [x]\n  ? *a\n  : y\n", 3, 5, "a"),
            ("en:\n  a: &a [x]\n  ?\n    - *a\n  : y\n", 4, 7, "a"),
            ("en:\n  a: &a [x]\n  - *a: y\n", 3, 5, "a"),
            ("en:\n  a: &a [x]\n  b: [\n    *a: y]\n", 4, 5, "a"),
        ])
    func found(text: String, line: Int, column: Int, name: String) {
        let found = YAMLFileReader.aliasInKey(text)
        #expect(found?.line == line && found?.column == column && found?.name == name, "\(String(describing: found)) in\n\(text)")
        let read = YAMLFileReader(budget: YAMLCatalogBudget()).readText(text, file: "keys.yml").file
        #expect(read.sections.isEmpty)
        #expect(read.diagnostics.map(\.code) == ["budget-exceeded"])
        #expect(read.diagnostics.first?.line == line && read.diagnostics.first?.column == column)
    }

    @Test(
        "aliases as values and merge keys, and alias-like text, are not keys",
        arguments: [
            "en:\n  base: &base\n    ok: OK\n  screen:\n    <<: *base\n    title: Title\n",
            "en:\n  a: &a A\n  b: *a\n  c: [*a, *a]\n  d: {x: *a}\n",
            "en:\n  a: \"*b: c\"\n  d: '*e: f'\n",
            "en:\n  a: see *b: here\n",
            "en:\n  a: x # *b: c\n",
            "en:\n  a: |\n    *b: c\n    *d: e\n  f: g\n",
            "en:\n  a: >-\n    *b: c\n  f: g\n",
            "en:\n  a: \"multi\n    *b: c\"\n",
            "en:\n  a: it's *b: fine\n",
            "en:\n  a: 5*b:c\n",
            "en:\n  ? plain\n  : *x\n",
        ])
    func notKeys(text: String) {
        #expect(YAMLFileReader.aliasInKey(text) == nil, "\(text)")
    }

    /// The text above, read: the merge key and the value aliases resolve.
    @Test func valueAliasesStillResolve() throws {
        let text = "en:\n  base: &base\n    ok: OK\n  screen:\n    <<: *base\n    title: Title\n  again: *base\n"
        let read = YAMLFileReader(budget: YAMLCatalogBudget()).readText(text, file: "merge.yml").file
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
        let keys = Set(read.sections.flatMap { $0.records.map(\.key) })
        #expect(keys.isSuperset(of: ["base.ok", "screen.ok", "screen.title"]), "\(keys)")
    }
}
#endif
