// Webhook receivers for tests: real HTTPS servers on a loopback address and port 443, as an endpoint
// address names them (https, no port), with a certificate from a test CA made here by the openssl
// CLI. The service trusts the CA through the TESTS ONLY `testTlsCa` option and reaches the address
// through FETCH_HOST_MAP / FETCH_ALLOW_ADDRESSES (or their options). Each receiver records what it
// received and answers as its current behaviour says; a test switches the behaviour at run time.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import { createServer, type Server } from "node:https";
import net from "node:net";
import { join } from "node:path";

export interface TestCa {
  /** The CA certificate (PEM): what a client trusts. */
  caPem: string;
  /** Its file. */
  caFile: string;
  /** The server's private key (PEM). */
  key: string;
  /** The server's certificate (PEM), signed by the CA, naming every host asked for in its SAN. */
  cert: string;
}

function openssl(dir: string, args: string[]): void {
  execFileSync("openssl", args, { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
}

/**
 * Makes a test CA and a server certificate it signs for `names` (DNS names, or IP addresses) in
 * `dir`. EC keys keep it quick (a few tens of milliseconds). Valid for two days.
 */
export function makeTestCa(dir: string, names: readonly string[] = ["hooks.test"]): TestCa {
  mkdirSync(dir, { recursive: true });
  const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
  openssl(dir, [
    "req",
    "-x509",
    ...ec,
    "-keyout",
    "ca-key.pem",
    "-out",
    "ca.pem",
    "-days",
    "2",
    "-subj",
    "/CN=Webhook Test CA",
    "-addext",
    "basicConstraints=critical,CA:TRUE",
    "-addext",
    "keyUsage=critical,keyCertSign,cRLSign",
  ]);
  openssl(dir, ["req", ...ec, "-keyout", "server-key.pem", "-out", "server.csr", "-subj", `/CN=${names[0] ?? "hooks.test"}`]);
  const san = names.map((name) => (net.isIP(name) ? `IP:${name}` : `DNS:${name}`)).join(",");
  writeFileSync(
    join(dir, "server-ext.cnf"),
    `subjectAltName=${san}\nbasicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n`,
  );
  openssl(dir, [
    "x509",
    "-req",
    "-in",
    "server.csr",
    "-CA",
    "ca.pem",
    "-CAkey",
    "ca-key.pem",
    "-set_serial",
    `0x${Date.now().toString(16)}`,
    "-days",
    "2",
    "-extfile",
    "server-ext.cnf",
    "-out",
    "server.pem",
  ]);
  const caFile = join(dir, "ca.pem");
  return {
    caPem: readFileSync(caFile, "utf8"),
    caFile,
    key: readFileSync(join(dir, "server-key.pem"), "utf8"),
    cert: readFileSync(join(dir, "server.pem"), "utf8"),
  };
}

export type Behaviour =
  /** 200 with a short body, or 204 when asked. */
  | { kind: "ok"; status?: 200 | 204; body?: string }
  /** Any status with a short body (404, 500, 201, …). */
  | { kind: "status"; status: number; body?: string }
  /** A redirect to `location` (302 unless told). */
  | { kind: "redirect"; location: string; status?: number }
  /** Reads the request and never answers. */
  | { kind: "hang" }
  /** Answers 200 and its head at once, then one byte of body every `everyMs`, never ending. */
  | { kind: "drip"; everyMs?: number }
  /** 200 with a large body (1 MB unless told), with its Content-Length. */
  | { kind: "huge"; bytes?: number }
  /** No server: connections are refused until another behaviour brings it back on the same address and port. */
  | { kind: "down" };

export const behave = {
  ok: (status: 200 | 204 = 200, body = "received"): Behaviour => ({ kind: "ok", status, body }),
  status: (status: number, body = `status ${status}`): Behaviour => ({ kind: "status", status, body }),
  redirect: (location: string, status = 302): Behaviour => ({ kind: "redirect", location, status }),
  hang: (): Behaviour => ({ kind: "hang" }),
  drip: (everyMs = 100): Behaviour => ({ kind: "drip", everyMs }),
  huge: (bytes = 1024 * 1024): Behaviour => ({ kind: "huge", bytes }),
  down: (): Behaviour => ({ kind: "down" }),
};

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Header names and values in the order and case they arrived. */
  rawHeaders: string[];
  body: Buffer;
  /** The body as UTF-8. */
  text: string;
  at: Date;
}

export interface Receiver {
  address: string;
  port: number;
  /** Every request received, in order. */
  requests: ReceivedRequest[];
  /** TLS connections accepted. */
  connections: number;
  readonly behaviour: Behaviour;
  /** Switches the behaviour; to and from `down` closes or reopens the server, which this awaits. */
  behave(next: Behaviour): Promise<void>;
  close(): Promise<void>;
}

export interface ReceiverOptions {
  /** A loopback address (127.0.0.2, …): the test's own, so parallel test files do not collide. */
  address: string;
  port?: number;
  tls: { key: string | Buffer; cert: string | Buffer };
  behaviour?: Behaviour;
}

function answer(behaviour: Behaviour, response: ServerResponse): void {
  switch (behaviour.kind) {
    case "ok":
    case "status": {
      const status = behaviour.status ?? 200;
      if (status === 204 || status === 304) {
        response.writeHead(status);
        response.end();
      } else {
        response.writeHead(status, { "Content-Type": "text/plain; charset=utf-8" });
        response.end(behaviour.body ?? "");
      }
      return;
    }
    case "redirect":
      response.writeHead(behaviour.status ?? 302, { Location: behaviour.location });
      response.end();
      return;
    case "hang":
    case "down":
      return;
    case "drip": {
      response.writeHead(200, { "Content-Type": "text/plain" });
      response.flushHeaders();
      const timer = setInterval(() => response.write("."), behaviour.everyMs ?? 100);
      response.on("close", () => clearInterval(timer));
      return;
    }
    case "huge": {
      const body = Buffer.alloc(behaviour.bytes ?? 1024 * 1024, "x");
      response.writeHead(200, { "Content-Type": "text/plain", "Content-Length": String(body.length) });
      response.end(body);
      return;
    }
  }
}

/** Starts a receiver; `close()` it when the test file is done. */
export async function startReceiver(options: ReceiverOptions): Promise<Receiver> {
  const port = options.port ?? 443;
  let behaviour = options.behaviour ?? behave.ok();
  let server: Server | null = null;

  const receiver: Receiver = {
    address: options.address,
    port,
    requests: [],
    connections: 0,
    get behaviour() {
      return behaviour;
    },
    async behave(next) {
      const wasDown = behaviour.kind === "down";
      behaviour = next;
      if (next.kind === "down" && !wasDown) await stop();
      else if (next.kind !== "down" && wasDown) await listen();
    },
    async close() {
      await stop();
    },
  };

  function listen(): Promise<void> {
    const created = createServer({ key: options.tls.key, cert: options.tls.cert }, (request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const body = Buffer.concat(chunks);
        receiver.requests.push({
          method: request.method ?? "",
          path: request.url ?? "",
          headers: request.headers,
          rawHeaders: request.rawHeaders,
          body,
          text: body.toString("utf8"),
          at: new Date(),
        });
        answer(behaviour, response);
      });
    });
    created.on("secureConnection", () => {
      receiver.connections++;
    });
    // A client that gives up mid-answer resets its socket; that is the test's point, not an error.
    created.on("clientError", (_error, socket) => socket.destroy());
    return new Promise((resolve, reject) => {
      created.once("error", reject);
      created.listen(port, options.address, () => {
        created.off("error", reject);
        server = created;
        resolve();
      });
    });
  }

  function stop(): Promise<void> {
    const current = server;
    server = null;
    if (!current) return Promise.resolve();
    return new Promise((resolve) => {
      current.close(() => resolve());
      // Hanging and dripping answers would otherwise hold close() open.
      current.closeAllConnections();
    });
  }

  if (behaviour.kind !== "down") await listen();
  return receiver;
}
