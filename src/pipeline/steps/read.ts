// read: counts each grouped page's checkable statements (the pages were fetched in `group`).
import { isCheckable, sentenceFacts } from "../../sourcing/claims/facts.ts";
import { splitSentences } from "../../sourcing/claims/sentences.ts";
import { type ArticleStep, plural } from "./stepDefinition.ts";

export const read: ArticleStep = {
  id: "read",
  name: "Read pages",
  optional: false,
  async run(ctx) {
    const sources = ctx.state.sources ?? [];
    let total = 0;
    const details = sources.map((s) => {
      const statements = splitSentences(s.page.text, s.page.language ?? "en").filter((sentence) =>
        isCheckable(sentenceFacts(sentence, s.page.language ?? "en")),
      ).length;
      total += statements;
      return {
        tag: s.page.language ?? "text",
        text: `${s.origin}: ${plural(statements, "checkable statement")} (${s.page.url})`,
      };
    });
    return { summary: `Read ${plural(sources.length, "page")}: ${plural(total, "checkable statement")}.`, details };
  },
};
