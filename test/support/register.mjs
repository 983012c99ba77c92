// An ESM loader shim for @modelcontextprotocol/conformance on Node 20: it imports `globSync` from
// "fs", which Node added in 22. Run the suite with `node --import ./test/support/register.mjs`;
// only modules under @modelcontextprotocol/conformance get the shimmed "fs", everything else the real one.
import { register } from "node:module";

register("./conformanceFsHooks.mjs", import.meta.url);
