// A test that fails on purpose, run only by test/exitCode.test.ts to prove a failing run exits non-zero.
import { expect, it } from "vitest";

it("fails on purpose", () => {
  expect(1).toBe(2);
});
