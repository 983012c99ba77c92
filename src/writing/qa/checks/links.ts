// One check of the read-back (readBack.ts runs them in order): internal links.
import type { QualityCheck } from "../../types.ts";
import { listOf, plural, quote, result } from "../checkReport.ts";
import type { Read } from "../draftReading.ts";
import { plainText } from "../wording.ts";

const normaliseUrl = (url: string) => url.trim().replace(/#.*$/, "").replace(/\/+$/, "");

export async function links(read: Read): Promise<QualityCheck> {
  const { draft, sitePages, linkStatus } = read.input;
  const base = { id: "links", name: "Internal links", actionLabel: "Fix link" };
  const all = draft.internalLinks;
  if (all.length === 0) return { id: base.id, name: base.name, verdict: "passed", detail: "The article has no internal links." };

  const statuses = new Map<string, number | undefined>();
  if (linkStatus) {
    const urls = [...new Set(all.map((l) => l.url))];
    // A checker that throws answers as an unreachable page would.
    const answers = await Promise.all(
      urls.map((url) =>
        Promise.resolve()
          .then(() => linkStatus(url))
          .catch(() => undefined),
      ),
    );
    for (const [i, url] of urls.entries()) statuses.set(url, answers[i]);
  }
  const pages = sitePages ? new Set(sitePages.map((p) => normaliseUrl(p.url))) : undefined;
  const units = new Map(draft.units.map((u) => [u.n, u]));

  const items: string[] = [];
  const at: number[] = [];
  let broken = 0;
  for (const link of all) {
    const problems: string[] = [];
    if (pages && !pages.has(normaliseUrl(link.url))) problems.push("is not a page of the site");
    const unit = units.get(link.n);
    if (!unit) problems.push(`sits in unit ${link.n}, which does not exist`);
    else if (!unit.text.includes(link.anchor) && !plainText(unit.text).includes(plainText(link.anchor))) {
      problems.push(`has an anchor text that is not in unit ${link.n}`);
    }
    if (linkStatus) {
      const status = statuses.get(link.url);
      if (status === undefined) problems.push("could not be reached");
      else if (status >= 400) problems.push(`answered HTTP ${status}`);
    }
    if (problems.length === 0) continue;
    broken++;
    items.push(`${quote(link.anchor)} → ${link.url} ${listOf(problems)}`);
    if (unit) at.push(link.n);
  }
  const requested = linkStatus
    ? ""
    : ` ${all.length === 1 ? "Its address was" : "Their addresses were"} not requested: no link checker was available.`;
  return result(
    base,
    { items, units: at },
    {
      passed: `${all.length === 1 ? "The internal link points" : `All ${all.length} internal links point`} to pages of the site and sit in their units.${requested}`,
      warning: `${broken} of ${plural(all.length, "internal link is", "internal links are")} broken.${requested}`,
    },
  );
}
