// Fixtures made the way an operator and a person make them: the admin operations for the
// workspace (as `npm run admin` does), then sign-in and the developer routes over HTTP.
import type { Role } from "../../prisma/generated/client/enums.ts";
import type { Database } from "../../src/db/database.ts";
import { addMember, addSite, initWorkspace } from "../../src/workspaces/workspaceAdmin.ts";
import { call } from "./http.ts";

let counter = 0;
const unique = (label: string) => `${label}-${process.pid}-${++counter}@example.com`;

export interface Person {
  email: string;
  password: string;
  cookie: string;
}

export interface World {
  workspaceId: string;
  siteId: string;
  otherSiteId: string;
  owner: Person;
}

export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const reply = await call(baseUrl, "/api/v1/session", { body: { email, password } });
  if (reply.status !== 204) throw new Error(`sign-in failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  const cookie = reply.headers.get("set-cookie") ?? "";
  return cookie.split(";")[0] ?? "";
}

export async function makeWorld(baseUrl: string, db: Database, credits = 10): Promise<World> {
  const email = unique("owner");
  const password = "owner-password";
  const { workspaceId } = await initWorkspace(db, { workspace: "Test desk", email, password, name: "Olive Owner", credits });
  const site = await addSite(db, workspaceId, "news.example.com");
  const other = await addSite(db, workspaceId, "other.example.com");
  return {
    workspaceId,
    siteId: site.siteId,
    otherSiteId: other.siteId,
    owner: { email, password, cookie: await signIn(baseUrl, email, password) },
  };
}

export async function addPerson(baseUrl: string, db: Database, workspaceId: string, role: Role): Promise<Person> {
  const email = unique(role.toLowerCase());
  const password = `${role}-password`;
  await addMember(db, workspaceId, { email, password, role, name: `${role} Person`, attachExisting: false });
  return { email, password, cookie: await signIn(baseUrl, email, password) };
}

export interface KeyOptions {
  siteId?: string;
  scopes?: string[];
  dailyCap?: number;
  name?: string;
}

export async function makeKey(baseUrl: string, person: Person, options: KeyOptions = {}) {
  const reply = await call(baseUrl, "/api/v1/developer/keys", {
    cookie: person.cookie,
    body: {
      name: options.name ?? "test key",
      ...(options.siteId ? { siteId: options.siteId } : {}),
      scopes: options.scopes ?? ["brief", "generate", "read", "edit", "export"],
      dailyCap: options.dailyCap ?? 10,
    },
  });
  if (reply.status !== 200) throw new Error(`key creation failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body as { key: { id: string }; token: string };
}
