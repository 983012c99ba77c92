// find: the pages to read, from the brief's own URLs and the search provider.
import { DomainError } from "../../errors.ts";
import { findPages } from "../../sourcing/find/findPages.ts";
import { type ArticleStep, plural } from "./stepDefinition.ts";

export const find: ArticleStep = {
  id: "find",
  name: "Find pages",
  optional: false,
  async run(ctx) {
    const { brief } = ctx;
    const found = await findPages(
      {
        workspaceId: ctx.job.workspaceId,
        topic: brief.topic,
        angle: brief.angle,
        keywords: brief.keywords,
        language: brief.language.split("+")[0] ?? "en",
        useUrls: brief.useUrls,
        excludeDomains: brief.excludeDomains,
        preferDomains: brief.preferDomains,
      },
      { db: ctx.db, ...(ctx.deps.search ? { search: ctx.deps.search } : {}), limit: ctx.deps.maxPages },
    );
    const urls = found.candidates.map((c) => c.url);
    if (urls.length === 0) {
      throw new DomainError("too_few_origins", "No page was found to read: give useUrls, or configure a search provider.");
    }
    return {
      summary: `Found ${plural(urls.length, "page")} to read.`,
      details: [
        ...found.candidates.map((c) => ({ tag: c.from, text: c.url })),
        ...found.notes.map((text) => ({ tag: "note", text })),
      ],
      state: { urls },
    };
  },
};
