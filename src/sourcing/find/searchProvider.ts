// Web search behind an interface, so the find step works with no provider at all, with a
// SearXNG instance (SEARCH_PROVIDER=searxng, SEARCH_URL), or with another engine added later.
// The provider is an operator's own service, so it is called directly rather than through the
// hardened fetcher; what it returns (titles, snippets, addresses) is third-party data.

export interface SearchResult {
  url: string;
  title: string;
  snippet: string;
}

export interface SearchQuery {
  text: string;
  /** Language code to prefer, when the engine can. */
  language?: string;
  limit: number;
}

export interface SearchProvider {
  readonly name: string;
  search(query: SearchQuery): Promise<SearchResult[]>;
}

export class SearchFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SearchFailed";
  }
}

/** SearXNG's JSON API: GET <SEARCH_URL>/search?q=…&format=json (the instance must enable the json format). */
export class SearxngProvider implements SearchProvider {
  readonly name = "searxng";

  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = 10_000,
  ) {}

  async search(query: SearchQuery): Promise<SearchResult[]> {
    const url = new URL("search", this.baseUrl.endsWith("/") ? this.baseUrl : `${this.baseUrl}/`);
    url.searchParams.set("q", query.text);
    url.searchParams.set("format", "json");
    if (query.language) url.searchParams.set("language", query.language);
    let response: Response;
    try {
      response = await fetch(url, { headers: { Accept: "application/json" }, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      throw new SearchFailed(`SearXNG did not answer: ${(error as Error).message}`);
    }
    if (!response.ok) throw new SearchFailed(`SearXNG answered ${response.status}`);
    const body = (await response.json().catch(() => undefined)) as { results?: unknown } | undefined;
    if (!body || !Array.isArray(body.results)) throw new SearchFailed("SearXNG's answer has no results list");
    const out: SearchResult[] = [];
    for (const r of body.results as Record<string, unknown>[]) {
      if (typeof r?.url !== "string" || !/^https?:\/\//i.test(r.url)) continue;
      out.push({
        url: r.url,
        title: typeof r.title === "string" ? r.title.slice(0, 500) : "",
        snippet: typeof r.content === "string" ? r.content.slice(0, 1000) : "",
      });
      if (out.length >= query.limit) break;
    }
    return out;
  }
}

/** The provider the environment configures, or none. */
export function searchProviderFromEnv(env: NodeJS.ProcessEnv = process.env): SearchProvider | undefined {
  const kind = env.SEARCH_PROVIDER?.trim().toLowerCase();
  if (!kind) return undefined;
  if (kind === "searxng") {
    if (!env.SEARCH_URL) throw new Error("SEARCH_PROVIDER=searxng needs SEARCH_URL (the instance's address)");
    return new SearxngProvider(env.SEARCH_URL);
  }
  throw new Error(`SEARCH_PROVIDER must be searxng or unset (got "${env.SEARCH_PROVIDER}")`);
}
