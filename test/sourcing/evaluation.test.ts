// The sourcing engine scored against ground truth (npm run eval:sourcing prints the same figures
// with the confusion matrices; `-- --verbose` shows what the test web and development sets got
// wrong). The held-out stories of test/corpus are scored here and nowhere read: their floors are
// the levels reached so far, so that a change that makes unseen stories worse fails CI.
import { expect, inject, it } from "vitest";
import { scoreThroughPipeline } from "../corpus/pipelineScoring.ts";
import { attributionRead, scoreSet, storiesOf, summarise } from "../corpus/scoring.ts";
import { evaluateSourcing } from "../web/evaluate.ts";

/**
 * Held-out figures reached (issue 9; 0.398 accuracy and 40 of 93 shown as corroborated before):
 * raise them as the engine improves, never lower them to pass. The held-out set grew from 14 to
 * 17 stories in the ninth session (three of twelve new stories, filed by the hash of their id);
 * on the 17, accuracy went 0.566 → 0.588 and false corroboration 18 → 12 of 113 that session
 * (through article jobs 0.597, 11 of 113). Tenth session: 0.588 → 0.606, 12 of 113 (through
 * article jobs 0.597 → 0.606, 11 of 113). Eleventh: 0.606 → 0.619, 10 of 113 (0.611, 9). Twelfth:
 * 0.619 → 0.628, 10 of 113 (through article jobs 0.611 → 0.619, 9 of 113). Thirteenth: 0.628 →
 * 0.668, 10 → 9 of 113 (through article jobs 0.619 → 0.655, 8 of 113; part of it from matching as
 * the library's scorer does). Fourteenth: 0.668 → 0.673, 9 of 113 (through article jobs 0.655 →
 * 0.659, 8 of 113); attribution per carrier 0.808. (0.677 and 0.664 before a review's corrections
 * of the session's rules cost one held-out claim; the floors follow the corrected engine.)
 * Fifteenth: 0.673 and 9 of 113 unchanged; attribution per carrier 0.808 → 0.811. Sixteenth:
 * 0.673 → 0.681, 9 of 113 (through article jobs 0.659 → 0.668, 8 of 113).
 * Seventeenth: the set grew to 20 stories (266 claims) when three of ten fresh stories fell to it
 * by the split, and the floors are re-based to the figures on all 20: 0.677 and 11 of 131 with the
 * engine as the session found it and as it left it (through article jobs 0.665, 10 of 131),
 * attribution per carrier 0.790. On the 17 stories of before: 0.681, 9 of 113, unchanged.
 * Eighteenth: on the 20, 0.677 unchanged, 11 → 10 of 131, attribution per carrier 0.793 → 0.798.
 * Then the set grew to 24 stories (322 claims) when four of six fresh stories fell to it, and the
 * floors are re-based to the figures on all 24: 0.671 and 11 of 161 (0.068), through article jobs
 * 0.658 and 10 of 161, attribution per carrier 0.802 (the floor for shown as corroborated tightened
 * from 0.09 to 0.07, the one through article jobs lowered from 0.66 to 0.65 with the set).
 */
const HELDOUT_FLOOR = {
  accuracy: 0.67,
  f1: 0.99,
  found: 0.95,
  falseCorroboration: 0.07,
  covered: 0.95,
  /** States as the article shows them (the article keeps the claims it cites or lists). */
  pipelineAccuracy: 0.65,
  /** Carriers of found claims read as resting on what the truth says (eighteenth session: 0.802 on 24 stories). */
  attribution: 0.8,
};

it("groups the test web's origins with pairwise F1 of at least 0.95 and gets at least 85% of claim states right", async () => {
  const result = await evaluateSourcing();
  expect(result.unread).toEqual([]);
  expect(result.grouping.f1).toBeGreaterThanOrEqual(0.95);
  expect(result.claims.total).toBeGreaterThanOrEqual(40);
  expect(result.claims.accuracy).toBeGreaterThanOrEqual(0.85);
}, 60_000);

it("keeps the held-out stories at or above the levels reached", async () => {
  const { scores, summary } = await scoreSet("heldout");
  expect(scores.flatMap((s) => s.unread)).toEqual([]);
  expect(summary.stories).toBeGreaterThanOrEqual(10);
  expect(summary.grouping.f1).toBeGreaterThanOrEqual(HELDOUT_FLOOR.f1);
  expect(summary.accuracy).toBeGreaterThanOrEqual(HELDOUT_FLOOR.accuracy);
  expect(summary.found.rate).toBeGreaterThanOrEqual(HELDOUT_FLOOR.found);
  expect(summary.falseCorroboration.rate).toBeLessThanOrEqual(HELDOUT_FLOOR.falseCorroboration);
  expect(attributionRead(summary.attribution).rate).toBeGreaterThanOrEqual(HELDOUT_FLOOR.attribution);
}, 180_000);

it("keeps the held-out stories' claims in the article or listed as left out, through article jobs", async () => {
  const scores = await scoreThroughPipeline(storiesOf("heldout"), inject("adminDatabaseUrl"));
  expect(scores.filter((s) => s.failure)).toEqual([]);
  const claims = scores.flatMap((s) => s.claims);
  const covered = claims.filter((c) => c.inText || c.listed).length / claims.length;
  expect(covered).toBeGreaterThanOrEqual(HELDOUT_FLOOR.covered);
  expect(summarise(scores).accuracy).toBeGreaterThanOrEqual(HELDOUT_FLOOR.pipelineAccuracy);
}, 300_000);
