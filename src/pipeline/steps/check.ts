// check: every claim the pages make, checked across independent origins.
import { checkClaims } from "../../sourcing/claims/checkClaims.ts";
import { type ArticleStep, plural } from "./stepDefinition.ts";

export const check: ArticleStep = {
  id: "check",
  name: "Check claims across origins",
  optional: false,
  async run(ctx) {
    const claims = checkClaims(ctx.state.sources ?? []);
    const byState = new Map<string, number>();
    for (const c of claims) byState.set(c.state, (byState.get(c.state) ?? 0) + 1);
    return {
      summary: `${plural(claims.length, "claim")} checked across origins: ${[...byState].map(([s, n]) => `${n} ${s}`).join(", ") || "none"}.`,
      details: claims.slice(0, 50).map((c) => ({ tag: c.state, text: c.text })),
      state: { claims },
    };
  },
};
