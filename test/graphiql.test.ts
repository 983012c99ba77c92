// GraphiQL in development (NODE_ENV=development) as a developer's browser sees it: headless
// Chromium opens /graphql, the editor renders, `{ __typename }` runs and its result shows, the
// documentation explorer shows a type, and every request the page makes stays on the service's
// own origin (the page carries its code inline; nothing comes from a CDN). The page's strict
// policy must not refuse anything the page needs either.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserSkipReason, launchBrowser, type PersonBrowser } from "./support/oauthBrowser.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

const skip = browserSkipReason();

let server: TestServer;
let browser: PersonBrowser;

beforeAll(async () => {
  if (skip) return;
  server = await startTestServer({ NODE_ENV: "development" }, { workers: false });
  browser = await launchBrowser();
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe.skipIf(skip)("GraphiQL at /graphql in development", () => {
  it("renders, runs a query, shows the docs, and loads nothing from another origin", async () => {
    const page = await browser.context.newPage();
    const requests: string[] = [];
    const problems: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));

    const answer = await page.goto(`${server.baseUrl}/graphql`, { waitUntil: "load", timeout: 60_000 });
    expect(answer?.status()).toBe(200);
    const policy = answer?.headers()["content-security-policy"] ?? "";
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).not.toMatch(/https?:/);
    expect(policy).toMatch(/script-src 'sha256-/);

    // The editor renders (monaco), with its run button.
    const run = page.getByRole("button", { name: /execute query/i });
    await run.waitFor({ timeout: 30_000 });
    await page.locator(".graphiql-query-editor .monaco-editor").first().waitFor({ timeout: 30_000 });

    // Replace whatever the editor holds with `{ __typename }` and run it.
    await page.locator(".graphiql-query-editor .monaco-editor").first().click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.press("Delete");
    await page.keyboard.type("{ __typename }");
    await run.click();
    const response = page.locator(".graphiql-response");
    await expect
      .poll(async () => (await response.innerText()).replace(/\s+/g, " "), { timeout: 20_000 })
      .toMatch(/"__typename": "Query"/);

    // The documentation explorer lists the root type and opens it.
    await page.getByRole("button", { name: /show documentation explorer/i }).click();
    const explorer = page.locator(".graphiql-doc-explorer");
    await explorer.getByText("Query", { exact: true }).first().click();
    await expect.poll(async () => explorer.innerText(), { timeout: 10_000 }).toMatch(/Fields/i);

    const origin = new URL(server.baseUrl).origin;
    const elsewhere = requests.filter(
      (url) => !url.startsWith("data:") && !url.startsWith("blob:") && new URL(url).origin !== origin,
    );
    expect(elsewhere).toEqual([]);
    expect(requests.some((url) => new URL(url).pathname === "/graphql")).toBe(true);
    // Nothing the page needs was refused by its policy.
    expect(problems.filter((p) => /Content Security Policy|Refused to/i.test(p))).toEqual([]);
    await page.close();
  }, 120_000);
});
