// The pages of GET/POST /oauth/authorize: plain server-rendered HTML, no script and no external
// asset, usable without JavaScript. Every value that comes from a client or a person (the
// client's name, its redirect address, a site's domain) is escaped and shown as quoted data.
import type { Scope } from "../../src/auth/principal.ts";

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#1b1b1b}
h1{font-size:1.4rem}label{display:block;margin:.8rem 0 .2rem}input[type=text],input[type=email],input[type=password],input[type=number],select{width:100%;padding:.4rem;font:inherit}
fieldset{border:1px solid #ccc;margin:1rem 0}fieldset label{display:inline;margin:0 0 0 .3rem}.scope{margin:.3rem 0}
q{font-style:italic}.error{background:#fde8e8;border:1px solid #e4a0a0;padding:.6rem}button{font:inherit;padding:.4rem 1.2rem;margin:1rem .6rem 0 0}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

/** The hidden fields every form of the flow carries: the CSRF token and the original query. */
const hidden = (csrf: string, query: string) =>
  `<input type="hidden" name="csrf" value="${escapeHtml(csrf)}"><input type="hidden" name="query" value="${escapeHtml(query)}">`;

export function errorPage(message: string): string {
  return page(
    "This authorization request cannot go on",
    `<p class="error">${escapeHtml(message)}</p><p>Go back to the application and try again.</p>`,
  );
}

export function signInPage(input: { clientName: string; csrf: string; query: string; error?: string; email?: string }): string {
  return page(
    "Sign in to connect an agent",
    `<p><q>${escapeHtml(input.clientName)}</q> asks to connect to your workspace. Sign in first.</p>
${input.error ? `<p class="error">${escapeHtml(input.error)}</p>` : ""}
<form method="post" action="/oauth/authorize">${hidden(input.csrf, input.query)}<input type="hidden" name="action" value="signin">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(input.email ?? "")}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button></form>`,
  );
}

export interface ConsentView {
  clientName: string;
  redirectHost: string;
  personName: string;
  sites: { id: string; domain: string }[];
  scopes: Scope[];
  csrf: string;
  query: string;
  /** Why the person cannot allow (a role without edit rights, no site); the form then offers Deny only. */
  cannotAllow?: string;
  error?: string;
  defaults: { dailyCap: number; name: string };
}

export function consentPage(view: ConsentView): string {
  const deny = `<button type="submit" name="action" value="deny">Deny</button>`;
  const intro = `<p><q>${escapeHtml(view.clientName)}</q> (redirecting to <q>${escapeHtml(view.redirectHost)}</q>) asks to act for you,
${escapeHtml(view.personName)}, as an agent on one of your sites.</p>`;
  if (view.cannotAllow) {
    return page(
      "Connect an agent",
      `${intro}<p class="error">${escapeHtml(view.cannotAllow)}</p><form method="post" action="/oauth/authorize">${hidden(view.csrf, view.query)}${deny}</form>`,
    );
  }
  const sites = view.sites.map((s) => `<option value="${escapeHtml(s.id)}">${escapeHtml(s.domain)}</option>`).join("");
  const scopes = view.scopes
    .map(
      (s) =>
        `<div class="scope"><input type="checkbox" id="scope-${s}" name="scope" value="${s}" checked><label for="scope-${s}">${s}</label></div>`,
    )
    .join("");
  return page(
    "Connect an agent",
    `${intro}${view.error ? `<p class="error">${escapeHtml(view.error)}</p>` : ""}
<form method="post" action="/oauth/authorize">${hidden(view.csrf, view.query)}
<label for="site">Site</label><select id="site" name="site">${sites}</select>
<fieldset><legend>What it may do</legend>${scopes}</fieldset>
<label for="dailyCap">Daily credit cap</label><input id="dailyCap" name="dailyCap" type="number" min="0" max="1000" step="1" value="${view.defaults.dailyCap}">
<label for="name">Name</label><input id="name" name="name" type="text" maxlength="80" value="${escapeHtml(view.defaults.name)}">
<button type="submit" name="action" value="allow">Allow</button>${deny}</form>`,
  );
}
