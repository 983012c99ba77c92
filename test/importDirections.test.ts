// The directions of import that hold the layout (docs/architecture.md): the domain in `src/` never
// imports `schema/`, `facades/`, `jobs/` or `app/`; a facade takes from `src/` only types, the
// domain error, the principal and the logger, and reaches everything else through GraphQL. Only
// `app/` (the composition root) wires them all together. Ids take the contract's letter case in
// `schema/` only (schema/ids.ts): the domain returns them as stored, and formats what it writes to
// send later through the ContractFormat it is handed (src/contractFormat.ts).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "..");

function tsFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

interface Import {
  from: string;
  /** Repository-relative path of a relative import, else the package name. */
  target: string;
  typeOnly: boolean;
}

const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*"([^"]+)"|import\(\s*"([^"]+)"\s*\)/g;

function importsOf(file: string): Import[] {
  const text = readFileSync(join(root, file), "utf8");
  const found: Import[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const source = match[4] ?? match[5]!;
    const target = source.startsWith(".") ? relative(root, resolve(root, dirname(file), source)) : source;
    const names = match[3] ?? "";
    const braced = /^\{([^}]*)\}$/.exec(names.trim());
    const everyNameTyped =
      braced !== null &&
      braced[1]!
        .split(",")
        .map((n) => n.trim())
        .filter(Boolean)
        .every((n) => n.startsWith("type "));
    found.push({ from: file, target, typeOnly: match[2] !== undefined || everyNameTyped });
  }
  return found;
}

const under = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);

/** What a facade may take from src/ besides types. */
const FACADE_MAY_USE = ["src/errors.ts", "src/auth/principal.ts", "src/log.ts"];

describe("directions of import", () => {
  it("keeps the domain (src/) free of schema/, facades/, jobs/ and app/", () => {
    const wrong = tsFiles("src")
      .flatMap(importsOf)
      .filter((i) => ["schema", "facades", "jobs", "app"].some((folder) => under(i.target, folder)))
      .map((i) => `${i.from} -> ${i.target}`);
    expect(wrong).toEqual([]);
  });

  it("lets a facade take from src/ only types, the domain error, the principal and the logger", () => {
    const wrong = tsFiles("facades")
      .flatMap(importsOf)
      .filter((i) => under(i.target, "src") && !i.typeOnly && !FACADE_MAY_USE.includes(i.target))
      .map((i) => `${i.from} -> ${i.target}`);
    expect(wrong).toEqual([]);
  });

  it("formats ids in schema/ only: the domain neither imports nor writes an id formatter", () => {
    // upperId/lowerId were the domain's formatters before they moved; `…IdOut` are schema/ids.ts's.
    const FORMATTER = /\b(?:upperId|lowerId|\w+IdOut)\b/;
    // An upper-cased id: `row.id.toUpperCase()`, `articleId.toUpperCase()`, `c.briefId?.toUpperCase()`.
    const UPPER_CASED_ID = /\b\w*(?:id|Id|ID)\)?\??\.toUpperCase\(\)/;
    const wrong = tsFiles("src").flatMap((file) =>
      readFileSync(join(root, file), "utf8")
        .split("\n")
        .flatMap((line, i) => (FORMATTER.test(line) || UPPER_CASED_ID.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(wrong).toEqual([]);
  });

  it("leaves the wiring to app/: nothing outside it imports app/ but tests, benchmarks and scripts", () => {
    const wrong = ["src", "schema", "facades", "jobs"]
      .flatMap(tsFiles)
      .flatMap(importsOf)
      .filter((i) => under(i.target, "app"))
      .map((i) => `${i.from} -> ${i.target}`);
    expect(wrong).toEqual([]);
  });
});
