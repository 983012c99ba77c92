// The sourcing engine against the test web's ground truth (test/web): the figures issue 3 asks
// for. `npm run eval:sourcing -- --verbose` shows what a failure here got wrong.
import { expect, it } from "vitest";
import { evaluateSourcing } from "../web/evaluate.ts";

it("groups origins with pairwise F1 of at least 0.95 and gets at least 85% of claim states right", async () => {
  const result = await evaluateSourcing();
  expect(result.unread).toEqual([]);
  expect(result.grouping.f1).toBeGreaterThanOrEqual(0.95);
  expect(result.claims.total).toBeGreaterThanOrEqual(40);
  expect(result.claims.accuracy).toBeGreaterThanOrEqual(0.85);
}, 60_000);
