// Generates the Prisma client and Pothos types. Prisma's native schema engine cannot be
// downloaded on machines that reach only the npm registry, and `prisma generate` does not need
// it, so when it is absent we point Prisma at a placeholder file (see ARCHITECTURE.md).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const env = { ...process.env };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY) {
  const placeholder = path.resolve("node_modules/.cache/prisma-no-engine");
  mkdirSync(path.dirname(placeholder), { recursive: true });
  if (!existsSync(placeholder)) writeFileSync(placeholder, "");
  env.PRISMA_SCHEMA_ENGINE_BINARY = placeholder;
}
env.PRISMA_HIDE_UPDATE_MESSAGE = "1";
const result = spawnSync(process.execPath, ["node_modules/prisma/build/index.js", "generate"], { env, stdio: "inherit" });
process.exit(result.status ?? 1);
