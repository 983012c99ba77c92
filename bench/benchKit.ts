// What every benchmark script needs around its measurements: progress lines on stderr, clean-up
// steps run in reverse on exit or Ctrl-C, and a query on the admin database (to create and drop
// the benchmark's own database).
import pg from "pg";

export const progress = (message: string) => console.error(`· ${message}`);

/** Clean-up steps, pushed in the order things start, run in reverse. */
export const cleanups: (() => Promise<unknown>)[] = [];
let cleaned = false;

export async function cleanUp(): Promise<void> {
  if (cleaned) return;
  cleaned = true;
  for (const step of cleanups.reverse()) {
    await step().catch((error: unknown) => console.error(`clean-up step failed: ${(error as Error).message}`));
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up…`);
    void cleanUp().finally(() => process.exit(130));
  });
}

export async function adminQuery(adminUrl: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}
