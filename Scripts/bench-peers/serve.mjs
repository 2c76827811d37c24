// A Node `http` peer of `parlance serve` for Scripts/serve-vs-node.sh: POST /v1/plural,
// /v1/number, /v1/localize and GET /v1/catalog/{locale} with the same JSON bodies, answered
// with `Intl` on one event loop, as a Node developer would write such a service.
//
//   node Scripts/bench-peers/serve.mjs --catalog Tests/SampleCatalog --port 8081
//
// The catalog is read once at start: <locale>.lproj/<Table>.strings (UTF-8, or UTF-16 with a
// BOM) and <Table>.stringsdict (plural entries, which win over .strings). Lookup walks the
// locale's prefixes (fr-CA, fr), then the development language, en. Numbers follow ICU's
// skeleton defaults (half-even, at most 6 fraction digits); skeletons other than "" and
// currency/XXX are refused. Errors have Parlance's shape and codes, not its messages.
import { createServer } from "node:http";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const option = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const root = option("--catalog", "Tests/SampleCatalog"), port = Number(option("--port", "8081")), development = "en";
const CATEGORIES = ["zero", "one", "two", "few", "many", "other"];

function decode(bytes) {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString("utf16le");
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return Buffer.from(bytes.subarray(2)).swap16().toString("utf16le");
  return bytes.toString("utf8").replace(/^\ufeff/, "");
}
// .strings: `"key" = "value";` (bare words allowed); comments are matched first and skipped.
const unescape = (s) => s.replace(/\\(?:[Uu]([0-9a-fA-F]{4})|(.))/gs, (_, hex, c) =>
  hex ? String.fromCharCode(parseInt(hex, 16)) : { n: "\n", t: "\t", r: "\r" }[c] ?? c);
const token = (t) => (t.startsWith('"') ? unescape(t.slice(1, -1)) : t);
function readStrings(text) {
  const quoted = String.raw`"(?:[^"\\]|\\.)*"|[\w.-]+`;
  const pair = new RegExp(String.raw`/\*[\s\S]*?\*/|//[^\n]*|(${quoted})\s*=\s*(${quoted})\s*;`, "g");
  return Object.fromEntries([...text.matchAll(pair)].filter((m) => m[1]).map((m) => [token(m[1]), token(m[2])]));
}
// .stringsdict: a plist of dicts and strings. An entry becomes {format, variables: {name:
// {valueType, variants}}}, variables sorted by name, variants in CLDR order.
function readStringsdict(text) {
  const xml = (s) => s.replace(/&(lt|gt|quot|apos|amp);/g, (_, e) => ({ lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" })[e]);
  const stack = [];
  let key = null, plist = {};
  for (const m of text.matchAll(/<(key|string)>([^<]*)<\/\1>|<(\/?)dict>/g)) {
    if (m[1] === "key") key = xml(m[2]);
    else if (m[1] === "string") stack.at(-1)[key] = xml(m[2]);
    else if (m[3]) plist = stack.pop();
    else stack.push(stack.length ? (stack.at(-1)[key] = {}) : {});
  }
  const entry = (dict) => {
    const names = Object.keys(dict).filter((k) => dict[k].NSStringFormatSpecTypeKey === "NSStringPluralRuleType");
    const variable = (v) => ({ valueType: v.NSStringFormatValueTypeKey ?? "d",
      variants: Object.fromEntries(CATEGORIES.filter((c) => c in v).map((c) => [c, v[c]])) });
    return { format: dict.NSStringLocalizedFormatKey, variables: Object.fromEntries(names.sort().map((n) => [n, variable(dict[n])])) };
  };
  return Object.fromEntries(Object.entries(plist).map(([name, dict]) => [name, entry(dict)]));
}
const tables = {}; // tables[table][locale][key]: a string or a plural entry
for (const dir of readdirSync(root).filter((d) => d.endsWith(".lproj"))) {
  const locale = dir.slice(0, -".lproj".length).replace(/_/g, "-").toLowerCase();
  for (const file of readdirSync(join(root, dir)).sort()) { // X.strings before X.stringsdict
    const [table, kind] = file.split("."), text = decode(readFileSync(join(root, dir, file)));
    const entries = kind === "stringsdict" ? readStringsdict(text) : kind === "strings" ? readStrings(text) : {};
    Object.assign(((tables[table] ??= {})[locale] ??= {}), entries);
  }
}

const intl = new Map(); // Intl objects are costly to build: one per kind, locale and options
function cached(Kind, locale, options) {
  const key = `${Kind.name} ${locale} ${JSON.stringify(options)}`;
  if (!intl.has(key)) intl.set(key, new Kind(locale, options));
  return intl.get(key);
}
const fail = (status, code, message) => { throw Object.assign(new Error(message), { status, code }); };
function canonical(tag) {
  try { return Intl.getCanonicalLocales(String(tag).replace(/_/g, "-"))[0]; }
  catch { fail(400, "invalid-locale", `${tag} is not a locale`); }
}
function decimal(number) { // the decimal text, kept as text so that Intl formats it exactly
  const text = typeof number === "number" ? String(number) : number;
  return /^[+-]?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text) ? text : fail(400, "invalid-number", `${number} is not a decimal`);
}
function lookup(table, locale, key) { // [entry, language it came from]
  const locales = tables[table] ?? {}, parts = locale.toLowerCase().split("-");
  const chain = parts.map((_, i) => parts.slice(0, parts.length - i).join("-")).filter((c) => c in locales);
  for (const candidate of [...chain, development]) if (key in (locales[candidate] ?? {})) return [locales[candidate][key], candidate];
  fail(404, "missing-key", `the key ${key} is not in table ${table}`);
}
// Foundation's String(format:locale:) for %@, %d %ld %lld %u, %f %.Nf, %% and n$ positions.
function format(text, args, locale) {
  let next = 0;
  return text.replace(/%(?:(\d+)\$)?(?:\.(\d+))?(l{0,2}[du]|@|f|%)/g, (_, position, precision, conversion) => {
    if (conversion === "%") return "%";
    const value = args[position ? position - 1 : next++];
    if (conversion === "@") return String(value);
    const digits = conversion === "f" ? Number(precision ?? 6) : 0;
    const options = { minimumFractionDigits: digits, maximumFractionDigits: digits, roundingMode: "halfEven" };
    return cached(Intl.NumberFormat, locale, options).format(value);
  });
}
const operations = {
  plural(body, locale) {
    const text = decimal(body.number), fraction = /e/i.test(text) ? 0 : (text.split(".")[1] ?? "").length;
    return cached(Intl.PluralRules, locale, { type: body.type ?? "cardinal", minimumFractionDigits: fraction }).select(Number(text));
  },
  number(body, locale) {
    const skeleton = body.skeleton ?? "", currency = /^currency\/([A-Z]{3})$/.exec(skeleton)?.[1];
    if (skeleton && !currency) fail(400, "invalid-skeleton", `this peer does not read the skeleton ${skeleton}`);
    const options = currency ? { style: "currency", currency } : { maximumFractionDigits: 6 };
    return cached(Intl.NumberFormat, locale, { ...options, roundingMode: "halfEven" }).format(decimal(body.number));
  },
  localize(body, locale) {
    const args = body.args ?? [];
    const [entry, language] = lookup(body.table ?? "Localizable", locale, body.key ?? fail(400, "missing-field", "no key"));
    if (typeof entry === "string") return format(entry, args, locale);
    let next = 0; // %#@name@: the variant of the argument's plural category in the entry's language
    const text = entry.format.replace(/%(?:(\d+)\$)?#@(\w+)@/g, (_, position, name) => {
      const { valueType, variants } = entry.variables[name], n = Number(args[position ? position - 1 : next++]);
      const digits = Number(/^\.(\d+)/.exec(valueType)?.[1] ?? 0);
      const category = cached(Intl.PluralRules, language, { minimumFractionDigits: digits }).select(n);
      return (n === 0 && variants.zero) || variants[category] || variants.other;
    });
    return format(text, args, locale);
  },
};
function catalog(locale, table) { // every key of the table, sorted, resolved as localize does
  if (!tables[table]) fail(404, "missing-key", `the table ${table} is not in the catalog`);
  const keys = [...new Set(Object.values(tables[table]).flatMap(Object.keys))].sort();
  return { locale, table, strings: Object.fromEntries(keys.map((key) => [key, lookup(table, locale, key)[0]])) };
}

createServer((request, response) => {
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    let status = 200, answer, id;
    try {
      const url = new URL(request.url, "http://localhost"), path = url.pathname;
      const op = /^\/v1\/([\w-]+)$/.exec(path)?.[1], place = /^\/v1\/catalog\/([^/]+)$/.exec(path)?.[1];
      if (request.method === "GET" && place) {
        answer = catalog(canonical(decodeURIComponent(place)), url.searchParams.get("table") ?? "Localizable");
      } else if (request.method === "POST" && Object.hasOwn(operations, op)) {
        let body;
        try { body = JSON.parse(Buffer.concat(chunks).toString("utf8")); } catch { fail(400, "invalid-json", "the body is not JSON"); }
        if (typeof body !== "object" || body === null || Array.isArray(body)) fail(400, "invalid-json", "the body is not an object");
        id = body.id;
        const result = operations[op](body, canonical(body.locale ?? development));
        answer = "id" in body ? { id, result } : { result };
      } else fail(404, "not-found", `no route ${request.method} ${path}`);
    } catch (error) {
      status = error.status ?? 500;
      const failure = { code: error.code ?? "internal", message: error.message };
      answer = id !== undefined ? { id, error: failure } : { error: failure };
    }
    const text = JSON.stringify(answer);
    response.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(text) });
    response.end(text);
  });
}).listen(port, "127.0.0.1", () => console.error(`serve.mjs: listening on http://127.0.0.1:${port}`));
