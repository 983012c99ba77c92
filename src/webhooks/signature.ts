// The signature of a delivery (spec, Webhooks): HMAC-SHA256 over `<timestamp>.<raw body>`, keyed
// with the whole secret string (`whsec_` included) as UTF-8, as 64 lower-case hex characters.
import { createHmac } from "node:crypto";

export function signDelivery(secret: string, timestampSeconds: number, body: string): string {
  return createHmac("sha256", Buffer.from(secret, "utf8")).update(`${timestampSeconds}.${body}`, "utf8").digest("hex");
}
