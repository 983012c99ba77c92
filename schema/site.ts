// Sites, as far as they exist yet: the profile a site.read asks for (src/sites/siteProfile.ts).
import { readSiteProfile } from "../src/sites/siteProfile.ts";
import { builder } from "./builder.ts";

const SiteProfileType = builder.simpleObject("SiteProfile", {
  description: "A site's profile once it has been read (voice, plan, cadence); no site is read yet.",
  fields: (t) => ({ siteId: t.string() }),
});

builder.queryField("siteProfile", (t) =>
  t.field({
    type: SiteProfileType,
    description: "The calling credential's site profile; `again` reads the site again first (edit scope).",
    authScopes: { scope: "read" },
    args: { again: t.arg.boolean() },
    resolve: (_root, { again }, { principal }) => readSiteProfile(principal!, again === true),
  }),
);
