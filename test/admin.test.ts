// The operator's command line (`npm run admin -- ...`), run as a process against a test
// database, and what it makes, seen through HTTP.
import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeMember } from "../src/workspaces/workspaceAdmin.ts";
import { signIn } from "./support/fixtures.ts";
import { call, errorOf } from "./support/http.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
let server: TestServer;
afterAll(() => server?.close());

beforeAll(async () => {
  server = await startTestServer();
});

async function admin(...args: string[]): Promise<{ code: number; json: any; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/admin.ts", ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: server.database.url, LOG_LEVEL: "warn" },
    });
    return { code: 0, json: JSON.parse(stdout), stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, json: undefined, stderr: e.stderr };
  }
}

describe("npm run admin", () => {
  it("bootstraps a workspace and its Owner, grants credits, adds a site and members", async () => {
    const init = await admin(
      "init",
      "--workspace",
      "Harbour Times",
      "--email",
      "Ed@Example.com",
      "--password",
      "long-password",
      "--credits",
      "3",
    );
    expect(init.code).toBe(0);
    expect(init.json).toEqual({
      workspaceId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      personId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: "ed@example.com",
      role: "Owner",
    });
    const workspaceId = init.json.workspaceId;

    const grant = await admin("credits", "grant", "--workspace", workspaceId, "--amount", "7");
    expect(grant.json).toEqual({ workspaceId, balance: 10 });

    const site = await admin("site", "add", "--workspace", workspaceId, "--domain", "https://Harbour.example/news");
    expect(site.json).toMatchObject({
      siteId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      domain: "harbour.example",
      status: "ready",
    });

    const member = await admin(
      "member",
      "add",
      "--workspace",
      workspaceId,
      "--email",
      "w@example.com",
      "--password",
      "writer-password",
      "--role",
      "writer",
    );
    expect(member.json).toMatchObject({ email: "w@example.com", role: "Writer" });

    // The Owner signs in and makes a key; the writer too.
    const cookie = await signIn(server.baseUrl, "ed@example.com", "long-password");
    const key = await call(server.baseUrl, "/api/v1/developer/keys", {
      cookie,
      body: { name: "k", scopes: ["read"], dailyCap: 5 },
    });
    expect(key.status).toBe(200);
    const writerCookie = await signIn(server.baseUrl, "w@example.com", "writer-password");
    const writerKey = await call(server.baseUrl, "/api/v1/developer/keys", {
      cookie: writerCookie,
      body: { name: "w", siteId: site.json.siteId, scopes: ["read"], dailyCap: 5 },
    });
    expect(writerKey.status).toBe(200);

    const removed = await admin("member", "remove", "--workspace", workspaceId, "--email", "w@example.com");
    expect(removed.json).toMatchObject({ email: "w@example.com", revokedCredentials: 1 });
    const refused = await call(server.baseUrl, "/api/v1/briefs/00000000-0000-0000-0000-000000000000", {
      token: writerKey.body.token,
    });
    expect(errorOf(refused)).toEqual({ status: 401, error: "invalid_key" });
  });

  it("refuses bad input with exit code 2 and a JSON error, changing nothing", async () => {
    const before = await server.db.prisma.workspace.count();
    const short = await admin("init", "--workspace", "X", "--email", "x@example.com", "--password", "short");
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('"error":"validation"');
    expect(await server.db.prisma.workspace.count()).toBe(before);
    const missing = await admin("credits", "grant", "--workspace", "00000000-0000-0000-0000-000000000000", "--amount", "5");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('"error":"not_found"');
    const role = await admin(
      "member",
      "add",
      "--workspace",
      "00000000-0000-0000-0000-000000000000",
      "--email",
      "a@example.com",
      "--role",
      "boss",
    );
    expect(role.code).toBe(2);
    const unknown = await admin("launch", "rockets");
    expect(unknown.code).toBe(2);
  });

  it("never sets the password of an account that already exists", async () => {
    await admin("init", "--workspace", "First", "--email", "shared@example.com", "--password", "first-password");
    const second = await admin("init", "--workspace", "Second", "--email", "other@example.com", "--password", "other-password");
    const withPassword = await admin(
      "member",
      "add",
      "--workspace",
      second.json.workspaceId,
      "--email",
      "shared@example.com",
      "--password",
      "new-password",
      "--role",
      "Editor",
    );
    expect(withPassword.code).toBe(2);
    expect(withPassword.stderr).toContain("already has an account");
    const attached = await admin(
      "member",
      "add",
      "--workspace",
      second.json.workspaceId,
      "--email",
      "shared@example.com",
      "--role",
      "Editor",
    );
    expect(attached.code).toBe(0);
    expect(await signIn(server.baseUrl, "shared@example.com", "first-password")).toMatch(/^bz_session=/);
  });

  it("keeps at least one Owner, even when two Owners leave at once", async () => {
    const init = await admin("init", "--workspace", "Pair", "--email", "one@example.com", "--password", "one-password");
    const workspaceId = init.json.workspaceId;
    await admin(
      "member",
      "add",
      "--workspace",
      workspaceId,
      "--email",
      "two@example.com",
      "--password",
      "two-password",
      "--role",
      "Owner",
    );
    const results = await Promise.allSettled([
      removeMember(server.db, workspaceId, "one@example.com"),
      removeMember(server.db, workspaceId, "two@example.com"),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await server.db.prisma.membership.count({ where: { workspaceId, role: "Owner" } })).toBe(1);
  });

  it("keeps at least one Owner", async () => {
    const init = await admin("init", "--workspace", "Solo", "--email", "solo@example.com", "--password", "solo-password");
    const removed = await admin("member", "remove", "--workspace", init.json.workspaceId, "--email", "solo@example.com");
    expect(removed.code).toBe(2);
    expect(removed.stderr).toContain("at least one Owner");
    const demoted = await admin(
      "member",
      "add",
      "--workspace",
      init.json.workspaceId,
      "--email",
      "solo@example.com",
      "--role",
      "Viewer",
    );
    expect(demoted.code).toBe(2);
    const still = await server.db.prisma.membership.findFirstOrThrow({ where: { workspaceId: init.json.workspaceId } });
    expect(still.role).toBe("Owner");
  });
});
