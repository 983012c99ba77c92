// node:fs as it is, plus a minimal globSync for Node 20 (which lacks fs.globSync): enough for the
// conformance suite's own uses ("**/name" and "*.ext" style patterns relative to `cwd`). Where
// the running Node has a real globSync, that one is used.
import * as fs from "node:fs";
import path from "node:path";

export * from "node:fs";
export default fs.default ?? fs;

/** A glob pattern as a regular expression over "/"-separated relative paths: "**", "*", "?". */
function patternRegExp(pattern) {
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === "*" && pattern[i + 1] === "*") {
      // "**/" matches any number of directories, including none.
      if (pattern[i + 2] === "/") {
        source += "(?:.*/)?";
        i += 2;
      } else {
        source += ".*";
        i += 1;
      }
    } else if (ch === "*") source += "[^/]*";
    else if (ch === "?") source += "[^/]";
    else source += ch.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}

function walk(root, relative, out) {
  let entries;
  try {
    entries = fs.readdirSync(path.join(root, relative), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    out.push(child);
    if (entry.isDirectory()) walk(root, child, out);
  }
}

function shimGlobSync(patterns, options = {}) {
  const cwd = options.cwd ? String(options.cwd) : process.cwd();
  const list = (Array.isArray(patterns) ? patterns : [patterns]).map(patternRegExp);
  const all = [];
  walk(cwd, "", all);
  return all.filter((p) => list.some((re) => re.test(p))).map((p) => p.split("/").join(path.sep));
}

export const globSync = typeof fs.globSync === "function" ? fs.globSync : shimGlobSync;
