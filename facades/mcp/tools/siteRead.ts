// site.read: GET /sites/{site} (with `again`, preceded by POST /sites/{site}/analyze), as the
// siteProfile query. Site reading comes with the sites issue; until then the query answers the
// spec's refusal for a site that has not been read (src/sites/siteProfile.ts).
import { z } from "zod";
import { graphql } from "../../graphql.ts";
import { defineTool } from "./tool.ts";

const SiteProfile = graphql(`query SiteProfile($again: Boolean) { siteProfile(again: $again) { siteId } }`);

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
  run: async ({ again }, { call }) => (await call(SiteProfile, { again: again ?? null })).siteProfile,
});
