// Reads a server-sent event stream the way a client does (eventsource-parser), collecting the
// events and comments until the server closes the stream or `until` says to stop.
import { createParser, type EventSourceMessage } from "eventsource-parser";

export interface SseEvent {
  id?: string;
  data: any;
}

export interface SseRead {
  status: number;
  contentType: string | null;
  comments: string[];
  events: SseEvent[];
  /** True when the server ended the stream; false when `until` stopped reading. */
  ended: boolean;
}

export async function readSse(
  url: string,
  options: { token: string; lastEventId?: string; until?: (events: SseEvent[]) => boolean; timeoutMs?: number },
): Promise<SseRead> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 60_000);
  const response = await fetch(url, {
    headers: {
      Authorization: `Bearer ${options.token}`,
      Accept: "text/event-stream",
      ...(options.lastEventId ? { "Last-Event-ID": options.lastEventId } : {}),
    },
    signal: controller.signal,
  });
  const read: SseRead = {
    status: response.status,
    contentType: response.headers.get("content-type"),
    comments: [],
    events: [],
    ended: false,
  };
  if (!response.ok || !response.body) {
    clearTimeout(timer);
    return read;
  }
  const parser = createParser({
    onEvent: (message: EventSourceMessage) => {
      read.events.push({ ...(message.id ? { id: message.id } : {}), data: JSON.parse(message.data) });
    },
    onComment: (comment) => read.comments.push(comment.trim()),
  });
  const decoder = new TextDecoder();
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        read.ended = true;
        break;
      }
      parser.feed(decoder.decode(value, { stream: true }));
      if (options.until?.(read.events)) break;
    }
  } catch (error) {
    if ((error as Error).name !== "AbortError") throw error;
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return read;
}
