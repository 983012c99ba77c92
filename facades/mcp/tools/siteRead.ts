// site.read: GET /sites/{site} (with `again`, preceded by POST /sites/{site}/analyze). Site
// reading (the profile: voice, plan, topics, cadence) comes with the sites issue; until then no
// site has a profile to read, and the tool answers the refusal the spec has for a site that has
// not been read: 409 site_not_ready (docs/mcp.md, docs/decisions.md).
import { z } from "zod";
import { DomainError } from "../../../src/errors.ts";
import { defineTool } from "./tool.ts";

export const siteRead = defineTool({
  name: "site.read",
  title: "Read your site's profile",
  scope: "read",
  description:
    "Reads the profile of your site: its writing voice, its plan of topics and its publishing cadence. With again: true " +
    "(needs the edit scope) the site is read again first, at most 5 times a day per workspace. Site reading is not " +
    "available on this server yet: the tool answers site_not_ready until it is.",
  input: z.strictObject({ again: z.boolean().optional().describe("Read the site again first (edit scope).") }),
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  run: async ({ again }, { principal }) => {
    if (again && !principal.scopes.includes("edit")) {
      throw new DomainError("scope_missing", 'This credential lacks the "edit" scope, which reading the site again needs.');
    }
    throw new DomainError(
      "site_not_ready",
      again
        ? "The site cannot be read again: site reading is not available on this server yet."
        : "The site has not been read: site reading, and with it the site's profile, is not available on this server yet.",
    );
  },
});
