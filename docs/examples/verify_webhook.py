"""Verifying a webhook delivery (docs/webhooks.md): Python 3, standard library only.

    from verify_webhook import verify_webhook        # in your own receiver, or
    python3 verify_webhook.py < vector.json           # {"secret", "headers", "body", "now"}: prints ok <id> or refused <reason>
"""
import hashlib
import hmac
import json
import re
import sys
import time

# How far the timestamp may be from this machine's clock, in seconds.
TOLERANCE_SECONDS = 300
HEX64 = re.compile(r"[0-9a-f]{64}")
DIGITS = re.compile(r"[0-9]+")


class WebhookRefused(Exception):
    """A delivery that must not be acted on; `reason` is a short code."""

    def __init__(self, reason, message):
        super().__init__(message)
        self.reason = reason


def _header(headers, name):
    """One header, whatever the case of its name (a dict, or a framework's headers mapping)."""
    wanted = name.lower()
    for key, value in headers.items():
        if key.lower() == wanted:
            return value
    return None


def _signed_with(secret, timestamp, body, signature):
    """Whether `signature` is the HMAC-SHA256 of `<timestamp>.<raw body>` keyed with `secret`, compared in constant time."""
    if not isinstance(signature, str) or not HEX64.fullmatch(signature):
        return False
    expected = hmac.new(secret.encode("utf-8"), timestamp.encode("ascii") + b"." + body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, signature)


def verify_webhook(secret, headers, raw_body, now=None):
    """Checks one delivery and answers its event, parsed; raises WebhookRefused otherwise.

    secret: the endpoint's `whsec_...` secret, whole. headers: the request's headers.
    raw_body: the request body exactly as received (bytes), never re-serialised JSON.
    now: this machine's clock, in seconds.
    """
    # 1. Never run without a secret: an empty key would make every signature easy to forge.
    if not isinstance(secret, str) or secret == "":
        raise WebhookRefused("no_secret", "the webhook secret is empty or missing")
    # 2. The raw bytes: parsing and re-serialising the JSON changes them, and the signature with them.
    if not isinstance(raw_body, (bytes, bytearray)):
        raise WebhookRefused("not_raw_body", "raw_body must be the body as received (bytes), not parsed JSON")
    body = bytes(raw_body)
    # 3. The signature is exactly 64 lower-case hex characters.
    signature = _header(headers, "X-Service-Signature")
    if not isinstance(signature, str) or not HEX64.fullmatch(signature):
        raise WebhookRefused("signature_format", "X-Service-Signature is missing or not 64 lower-case hex characters")
    # 4. The timestamp is a number of seconds, at most 300 seconds from the clock (a replayed delivery is older).
    timestamp = _header(headers, "X-Service-Timestamp")
    if not isinstance(timestamp, str) or not DIGITS.fullmatch(timestamp):
        raise WebhookRefused("timestamp_format", "X-Service-Timestamp is missing or not a number of seconds")
    if abs((time.time() if now is None else now) - int(timestamp)) > TOLERANCE_SECONDS:
        raise WebhookRefused("timestamp_window", f"X-Service-Timestamp is more than {TOLERANCE_SECONDS} seconds from the clock")
    # 5-7. The HMAC over `<timestamp>.` and the raw bytes, compared in constant time; during a secret
    # rotation the same secret is tried on X-Service-Signature-Previous when the first fails.
    previous = _header(headers, "X-Service-Signature-Previous")
    if not (_signed_with(secret, timestamp, body, signature) or _signed_with(secret, timestamp, body, previous)):
        raise WebhookRefused("signature_mismatch", "the signature does not match this secret")
    # 8. Only now is the body parsed.
    try:
        return json.loads(body.decode("utf-8"))
    except ValueError:
        raise WebhookRefused("not_json", "the body is not JSON") from None


def receive_once(event, handled):
    """9. Deduplicate on the event's `id`: a delivery can come twice. A real receiver keeps the ids it
    has handled in its database (a unique key), for longer than the retries last (four days).
    Answers whether the event is new (act on it) or already handled (answer 2xx, do nothing)."""
    if event["id"] in handled:
        return False
    handled.add(event["id"])
    return True


if __name__ == "__main__":
    vector = json.load(sys.stdin)
    try:
        event = verify_webhook(vector.get("secret"), vector.get("headers", {}), vector["body"].encode("utf-8"), vector.get("now"))
    except WebhookRefused as refusal:
        print(f"refused {refusal.reason}")
        sys.exit(1)
    receive_once(event, set())
    print(f"ok {event['id']}")
