// Settings read from the environment once, at start. Everything a operator can set is listed in
// docs/configuration.md.

export type Role = "api" | "worker" | "all";

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  role: Role;
  /** Public address of the service, used in cookies and challenges; derived from the request when unset. */
  baseUrl: string | undefined;
  dataDir: string;
  logLevel: string;
  /** When true, the client address for the refused-token limit comes from X-Forwarded-For. */
  trustProxy: boolean;
  sessionDays: number;
  /** OAuth endpoints: requests a minute from one client address, per endpoint (registration, token and revocation, the authorization page). */
  oauthPerMinute: number;
  /**
   * Development conveniences (GraphiQL, introspection, field suggestions): only when NODE_ENV is
   * `development`. Unset means production, so `npm start` on a server is safe by default.
   */
  development: boolean;
  /** Origins allowed to make credentialed (cookie) CORS requests; empty by default. */
  corsOrigins: string[];
  /** A bearer token that may scrape /metrics from anywhere; unset: loopback only (app/http/metrics.ts). */
  metricsToken: string | undefined;
}

/** A whole number above 0 from a setting, or the fallback when it is unset or not one. */
function positiveInteger(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== "" && Number.isInteger(n) && n > 0 ? n : fallback;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const role = (env.ROLE ?? "all").toLowerCase();
  if (role !== "api" && role !== "worker" && role !== "all") {
    throw new Error(`ROLE must be api, worker or all (got "${env.ROLE}")`);
  }
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number (got "${env.PORT}")`);
  }
  const logFormat = (env.LOG_FORMAT ?? "").trim().toLowerCase();
  if (!["", "auto", "json", "pretty"].includes(logFormat)) {
    throw new Error(`LOG_FORMAT must be json, pretty or auto (got "${env.LOG_FORMAT}")`);
  }
  const metricsToken = env.METRICS_TOKEN || undefined;
  if (metricsToken !== undefined && metricsToken.length < 16) {
    throw new Error("METRICS_TOKEN must be at least 16 characters (e.g. openssl rand -hex 32)");
  }
  return {
    port,
    host: env.HOST ?? "127.0.0.1",
    databaseUrl: env.DATABASE_URL || undefined,
    role,
    baseUrl: env.BASE_URL?.replace(/\/+$/, "") || undefined,
    dataDir: env.DATA_DIR ?? ".data",
    logLevel: env.LOG_LEVEL ?? "info",
    trustProxy: env.TRUST_PROXY === "1" || env.TRUST_PROXY === "true",
    sessionDays: Number(env.SESSION_DAYS ?? 14),
    oauthPerMinute: positiveInteger(env.OAUTH_RATE_PER_MINUTE, 30),
    development: env.NODE_ENV === "development",
    corsOrigins: (env.CORS_ORIGINS ?? "")
      .split(",")
      .map((o) => o.trim().replace(/\/+$/, ""))
      .filter((o) => o.length > 0),
    metricsToken,
  };
}

/** A whole-number setting of at least `min`; unset or empty gives `fallback`, anything else stops the start. */
export function intSetting(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${name} must be a whole number of at least ${min} (got "${raw}")`);
  return value;
}
