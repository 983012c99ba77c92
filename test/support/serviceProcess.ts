// Runs the service as a separate process (`app/main.ts`, as `npm start` does) and collects its
// log lines, for tests that need several processes sharing one database.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface ServiceProcess {
  baseUrl: string;
  logs: Record<string, unknown>[];
  stop(): Promise<void>;
}

export function startServiceProcess(env: Record<string, string>): Promise<ServiceProcess> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "app/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: "0", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: Record<string, unknown>[] = [];
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`service did not start in time: ${stderr}`)), 30_000);
    let buffer = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("utf8");
      let newline = buffer.indexOf("\n");
      while (newline >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf("\n");
        let entry: Record<string, unknown>;
        try {
          entry = JSON.parse(line);
        } catch {
          continue;
        }
        logs.push(entry);
        if (typeof entry.address === "string" && String(entry.msg).startsWith("listening")) {
          clearTimeout(timer);
          resolve({
            baseUrl: entry.address,
            logs,
            stop: () =>
              new Promise<void>((done) => {
                child.once("exit", () => done());
                child.kill("SIGTERM");
              }),
          });
        }
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`service exited with ${code}: ${stderr}`));
    });
  });
}

export interface WorkerProcess {
  logs: Record<string, unknown>[];
  /** Ends the process at once, as a crash or an out-of-memory kill would (SIGKILL). */
  kill(): Promise<void>;
  stop(): Promise<void>;
  /** Whether the process is still running. */
  alive(): boolean;
  /** What the process wrote to stderr so far (a crash's stack trace). */
  stderr(): string;
}

/** Runs `app/main.ts` with ROLE=worker: pipeline workers only, no HTTP server. */
export function startWorkerProcess(env: Record<string, string>): Promise<WorkerProcess> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "app/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "info", ...env, ROLE: "worker" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: Record<string, unknown>[] = [];
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  let running = true;
  const exited = new Promise<void>((done) =>
    child.once("exit", () => {
      running = false;
      done();
    }),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start in time: ${stderr}`)), 30_000);
    let buffer = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("utf8");
      for (let newline = buffer.indexOf("\n"); newline >= 0; newline = buffer.indexOf("\n")) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        try {
          const entry = JSON.parse(line) as Record<string, unknown>;
          logs.push(entry);
          if (entry.msg === "pipeline workers started") {
            clearTimeout(timer);
            resolve({
              logs,
              kill: async () => {
                child.kill("SIGKILL");
                await exited;
              },
              stop: async () => {
                child.kill("SIGTERM");
                await exited;
              },
              alive: () => running,
              stderr: () => stderr,
            });
          }
        } catch {
          // not a log line
        }
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited with ${code}: ${stderr}`));
    });
  });
}
