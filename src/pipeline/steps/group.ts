// group: fetches and reads the found pages, and groups them by independent origin. Fetching is
// here (not in `read`) because grouping needs the pages' text; it is the step that takes time.
import { DomainError } from "../../errors.ts";
import { savePage } from "../../sourcing/find/pageLibrary.ts";
import { groupOrigins } from "../../sourcing/group/originGroups.ts";
import { assertEnoughOrigins, independentOrigins } from "../../sourcing/sourceSummary.ts";
import { fetchAndRead } from "../../sourcing/sourcingEngine.ts";
import { type ArticleStep, plural } from "./stepDefinition.ts";

export const group: ArticleStep = {
  id: "group",
  name: "Group pages by independent origin",
  optional: false,
  async run(ctx) {
    const urls = ctx.state.urls ?? [];
    const { pages, failures } = await fetchAndRead(urls, { ...ctx.deps.fetch, signal: ctx.signal });
    for (const page of pages) await savePage(ctx.db, ctx.job.workspaceId, page).catch(() => undefined);
    const details = failures.map((f) => ({ tag: "unreadable", text: `${f.url}: ${f.reason}` }));
    if (pages.length === 0 && failures.length > 0) {
      // Nothing to group: say why for each page, since the step's failure is all a user sees then.
      const why = unreadable(failures);
      if (failures.some((f) => /\[timeout\]/.test(f.reason))) {
        throw Object.assign(new Error(`No page could be fetched in time. ${why}`), { code: "fetch_timeout" });
      }
      throw new DomainError("too_few_origins", `No page could be read, so there is no origin to write from. ${why}`, {
        origins: 0,
      });
    }
    const sources = groupOrigins(pages);
    assertEnoughOrigins(sources);
    const origins = independentOrigins(sources);
    for (const s of sources) {
      details.push({ tag: s.relation ? `relays (${s.relation.kind})` : "origin", text: `${s.origin}: ${s.page.url}` });
    }
    return {
      summary: `${plural(sources.length, "page")} in ${plural(origins, "independent origin")}${failures.length ? `; ${failures.length} could not be read` : ""}.`,
      details,
      state: { sources },
    };
  },
};

/** Each unreadable page with its reason, the first ten of them. */
function unreadable(failures: readonly { url: string; reason: string }[]): string {
  const listed = failures.slice(0, 10).map((f) => `${f.url}: ${f.reason}`);
  const more = failures.length > listed.length ? `; and ${failures.length - listed.length} more` : "";
  return `${listed.join("; ")}${more}.`;
}
