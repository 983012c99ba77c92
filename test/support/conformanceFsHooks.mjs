// The resolve hook of register.mjs: "fs" and "node:fs" imported from a file of
// @modelcontextprotocol/conformance resolve to conformanceFs.mjs (node:fs plus globSync).
const SHIM = new URL("./conformanceFs.mjs", import.meta.url).href;
const FROM_CONFORMANCE = /[\\/]node_modules[\\/]@modelcontextprotocol[\\/]conformance[\\/]/;

export async function resolve(specifier, context, nextResolve) {
  if ((specifier === "fs" || specifier === "node:fs") && context.parentURL && FROM_CONFORMANCE.test(context.parentURL)) {
    return { url: SHIM, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}
