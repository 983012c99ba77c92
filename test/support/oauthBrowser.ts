// A person's browser for the OAuth consent page: Debian's Chromium, headless, driven through
// playwright-core with a fresh profile, finding every field by its label as a person reads it;
// and the client's side of the redirect, a loopback HTTP server that catches where the browser
// was sent back to (RFC 8252 §7.3).
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";

/**
 * Why the browser tests cannot run here, or undefined when they can. Only outside CI may they be
 * skipped (no Debian `chromium` package on a developer's machine); in CI (`CI` set, as .ci/run
 * does) a missing browser fails them at launch.
 */
export function browserSkipReason(executable = CHROMIUM, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const inCI = !!env.CI && !["0", "false"].includes(env.CI.toLowerCase());
  if (existsSync(executable) || inCI) return undefined;
  return `${executable} is absent (apt-get install chromium): the browser-driven OAuth tests are skipped outside CI`;
}

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface PersonBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Chromium with a profile of its own, removed on close. */
export async function launchBrowser(): Promise<PersonBrowser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} is absent: install Debian's chromium (apt-get install chromium); under CI these tests do not skip`,
    );
  }
  const profile = mkdtempSync(path.join(tmpdir(), "oauth-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
  });
  context.setDefaultTimeout(15_000);
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export interface RedirectCatcher {
  /** `http://127.0.0.1:<port>/callback`, to register as the client's redirect address. */
  redirectUri: string;
  /** The next address the browser is sent back to, query and all. */
  next(timeoutMs?: number): Promise<URL>;
  close(): Promise<void>;
}

/** The client's loopback redirect listener: it answers a small page and hands the address over. */
export async function startRedirectCatcher(): Promise<RedirectCatcher> {
  const arrived: URL[] = [];
  let waiting: ((url: URL) => void) | undefined;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", `http://${request.headers.host}`);
    if (url.pathname !== "/callback") {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end("<p>You can close this window.</p>");
    if (waiting) {
      const deliver = waiting;
      waiting = undefined;
      deliver(url);
    } else arrived.push(url);
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const port = (server.address() as AddressInfo).port;
  return {
    redirectUri: `http://127.0.0.1:${port}/callback`,
    next(timeoutMs = 15_000) {
      const ready = arrived.shift();
      if (ready) return Promise.resolve(ready);
      return new Promise<URL>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting = undefined;
          reject(new Error(`the browser was not sent back to the client within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting = (url) => {
          clearTimeout(timer);
          resolve(url);
        };
      });
    },
    close: () =>
      new Promise<void>((closed) => {
        server.close(() => closed());
        server.closeAllConnections();
      }),
  };
}

export interface ConsentChoices {
  email: string;
  password: string;
  /** The site's domain, as the Site list shows it. */
  site: string;
  /** The scope checkboxes to leave ticked; the others asked for are unticked. */
  scopes: string[];
  dailyCap: number;
  name: string;
  button: "Allow" | "Deny";
}

export interface ConsentSeen {
  /** The scope checkboxes the page offered. */
  offered: string[];
  /** Whether the page asked the person to sign in first. */
  signedIn: boolean;
  /** The page's text when the consent form was shown. */
  text: string;
}

const SCOPE_NAMES = ["brief", "generate", "read", "edit", "export"];

/**
 * Opens the authorization address as a person would (typed into the address bar), signs in when
 * asked, fills the consent form by its labels and presses Allow or Deny. The caller then awaits
 * its redirect catcher.
 */
export async function consentAsPerson(page: Page, authorizationUrl: string, choices: ConsentChoices): Promise<ConsentSeen> {
  await page.goto(authorizationUrl);
  const signIn = page.getByRole("button", { name: "Sign in", exact: true });
  const signedIn = await signIn.isVisible();
  if (signedIn) {
    await page.getByLabel("Email", { exact: true }).fill(choices.email);
    await page.getByLabel("Password", { exact: true }).fill(choices.password);
    await signIn.click();
  }
  await page.getByLabel("Daily credit cap", { exact: true }).waitFor();
  const offered: string[] = [];
  for (const scope of SCOPE_NAMES) {
    const box = page.getByRole("checkbox", { name: scope, exact: true });
    if ((await box.count()) === 0) continue;
    offered.push(scope);
    await box.setChecked(choices.scopes.includes(scope));
  }
  await page.getByLabel("Site", { exact: true }).selectOption({ label: choices.site });
  await page.getByLabel("Daily credit cap", { exact: true }).fill(String(choices.dailyCap));
  await page.getByLabel("Name", { exact: true }).fill(choices.name);
  const text = await page.locator("body").innerText();
  await page.getByRole("button", { name: choices.button, exact: true }).click();
  return { offered, signedIn, text };
}
