// Node's Intl as a peer column of `parlance bench`.
//
// Usage: node Scripts/bench-peers/intl.mjs SPEC.json
// SPEC is written by `parlance bench`: {"iterations", "rounds", "ops": [{"name", "kind",
// "locale", "inputs", "iterations"?, …}]} (an op's own iterations, when given, replace the
// run's). Every operation runs over the very inputs Parlance's row used, indexed the same way
// (input i & (count - 1)), with a warm-up of a quarter of the iterations and the median of
// `rounds` timed rounds, as BenchHarness does. Prints one JSON object:
// {"peer": "Node Intl", "version", "icu", "cldr", "results": {name: nsPerOp}, "samples": {name: text}}
// (the sample of a parts operation is its parts' values joined).
import { readFileSync } from "node:fs";

const spec = JSON.parse(readFileSync(process.argv[2], "utf8"));

function body(op) {
  const inputs = op.inputs;
  const mask = inputs.length - 1;
  switch (op.kind) {
    case "pluralInteger":
    case "pluralDecimal": {
      const rules = new Intl.PluralRules(op.locale, { type: "cardinal" });
      const values = inputs.map(Number);
      return [(i) => rules.select(values[i & mask])];
    }
    case "number":
    case "currency":
    case "percent":
    case "compact": {
      const options =
        op.kind === "currency" ? { style: "currency", currency: op.currency }
        : op.kind === "percent" ? { style: "percent" }
        : op.kind === "compact" ? { notation: "compact", compactDisplay: "short" }
        : {};
      const format = new Intl.NumberFormat(op.locale, options);
      return [(i) => format.format(inputs[i & mask])];
    }
    case "date": {
      // The skeleton yMMMdjm as Intl options (j: the locale's preferred hour cycle).
      const format = new Intl.DateTimeFormat(op.locale, {
        year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "numeric", timeZone: op.timeZone,
      });
      const dates = inputs.map((ms) => new Date(ms));
      return [(i) => format.format(dates[i & mask])];
    }
    case "dateMediumShort": {
      // Date style medium with time style short.
      const format = new Intl.DateTimeFormat(op.locale, { dateStyle: "medium", timeStyle: "short", timeZone: op.timeZone });
      const dates = inputs.map((ms) => new Date(ms));
      return [(i) => format.format(dates[i & mask])];
    }
    case "currencyParts": {
      const format = new Intl.NumberFormat(op.locale, { style: "currency", currency: op.currency });
      return [(i) => format.formatToParts(inputs[i & mask]), (parts) => parts.map((p) => p.value).join("")];
    }
    case "dateParts": {
      const format = new Intl.DateTimeFormat(op.locale, {
        year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "numeric", timeZone: op.timeZone,
      });
      const dates = inputs.map((ms) => new Date(ms));
      return [(i) => format.formatToParts(dates[i & mask]), (parts) => parts.map((p) => p.value).join("")];
    }
    case "collateCompare": {
      const collator = new Intl.Collator(op.locale);
      const [a, b] = inputs;
      return [() => String(collator.compare(a, b))];
    }
    case "collateSort": {
      // One operation: sorting every input, from the given order, as the C loop does.
      const collator = new Intl.Collator(op.locale);
      return [() => inputs.slice().sort(collator.compare), (sorted) => `${sorted[0]} … ${sorted[sorted.length - 1]}`];
    }
    case "segmentWords": {
      // One operation: every word segment of the text; the sample is the count of word-like ones.
      const segmenter = new Intl.Segmenter(op.locale, { granularity: "word" });
      const text = inputs[0];
      return [() => {
        let words = 0;
        for (const segment of segmenter.segment(text)) if (segment.isWordLike) words++;
        return String(words);
      }];
    }
    case "relativeDays": {
      const format = new Intl.RelativeTimeFormat(op.locale, { numeric: "always", style: "long" });
      return [(i) => format.format(inputs[i & mask], "day")];
    }
    case "list": {
      const format = new Intl.ListFormat(op.locale, { type: "conjunction", style: "long" });
      return [() => format.format(inputs)];
    }
    default:
      return null;
  }
}

function measure(run, iterations, rounds) {
  let total = 0;
  for (let i = 0; i < (iterations >> 2); i++) total += run(i).length;
  const samples = [];
  for (let r = 0; r < rounds; r++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < iterations; i++) total += run(i).length;
    samples.push(Number(process.hrtime.bigint() - start) / iterations);
  }
  samples.sort((a, b) => a - b);
  if (total < 0) console.error(total); // keeps the work observable
  return samples[samples.length >> 1];
}

const results = {};
const samples = {};
for (const op of spec.ops) {
  const made = body(op);
  if (!made) continue;
  results[op.name] = measure(made[0], op.iterations ?? spec.iterations, spec.rounds);
  samples[op.name] = made[1] ? made[1](made[0](1)) : String(made[0](1));
}
console.log(JSON.stringify({
  peer: "Node Intl",
  version: process.version,
  icu: process.versions.icu,
  cldr: process.versions.cldr,
  results,
  samples,
}));
