// The facades' GraphQL documents are typed from facades/graphql-env.d.ts, which gql.tada makes
// from schema/schema.graphql: this fails when the SDL changed and the types were not made again,
// so the typecheck never runs against an old schema.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";

const ENV_PATH = "facades/graphql-env.d.ts";

it("facades/graphql-env.d.ts is generated from the current schema/schema.graphql", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "graphql-env-"));
  try {
    const fresh = path.join(dir, "graphql-env.d.ts");
    await promisify(execFile)(process.execPath, ["node_modules/gql.tada/bin/cli.js", "generate", "output", "--output", fresh]);
    const committed = await readFile(ENV_PATH, "utf8").catch(() => "");
    expect(
      committed,
      `${ENV_PATH} is out of date: run \`npm run graphql:env\` (after \`npm run schema:print\`) and commit the result`,
    ).toBe(await readFile(fresh, "utf8"));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
