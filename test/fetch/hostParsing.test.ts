// What WHATWG URL makes of numeric and tricky hosts, and FETCH_HOST_MAP.
import { describe, expect, test } from "vitest";
import { isLocalhostName, parseHostMap, parseTarget } from "../../src/sourcing/fetch/hostParsing.ts";
import { FetchRefused } from "../../src/sourcing/fetch/refusal.ts";

describe("parseTarget", () => {
  test.each([
    ["http://2130706433/", "127.0.0.1"],
    ["http://0177.0.0.1/", "127.0.0.1"],
    ["http://0x7f.1/", "127.0.0.1"],
    ["http://0x7F.0.0.1/", "127.0.0.1"],
    ["http://017700000001/", "127.0.0.1"],
    ["http://127.1/", "127.0.0.1"],
    ["http://127.0.1/", "127.0.0.1"],
    ["http://0/", "0.0.0.0"],
    ["http://127.0.0.1./", "127.0.0.1"],
    ["http://%31%32%37.0.0.1/", "127.0.0.1"],
    ["http://\uff11\uff12\uff17.\uff10.\uff10.\uff11/", "127.0.0.1"],
    ["http:127.0.0.1/", "127.0.0.1"],
    ["http:\\\\127.0.0.1\\", "127.0.0.1"],
    ["http://[::ffff:127.0.0.1]/", "::ffff:7f00:1"],
    ["http://[0:0:0:0:0:0:0:1]/", "::1"],
    ["http://[64:ff9b::169.254.169.254]/", "64:ff9b::a9fe:a9fe"],
  ])("%s is the IP literal %s", (url, literal) => {
    const target = parseTarget(url);
    expect(target.literal).toBe(literal);
    expect(target.host).toBe(literal);
  });

  test("names stay names; the trailing dot is dropped for the map key only", () => {
    expect(parseTarget("https://News.Example.COM./a?b#c")).toMatchObject({
      host: "news.example.com.",
      name: "news.example.com",
      literal: null,
      port: 443,
    });
    expect(parseTarget("http://news.test:8080/").port).toBe(8080);
  });

  test("a backslash ends the authority, so an @ after it is path, not userinfo", () => {
    const target = parseTarget("http://127.0.0.1\\@evil.example/");
    expect(target.literal).toBe("127.0.0.1");
    expect(target.url.pathname).toBe("/@evil.example/");
  });

  test("relative redirects resolve against the current URL", () => {
    const base = new URL("https://news.test/a/b?c");
    expect(parseTarget("../x", base).url.href).toBe("https://news.test/x");
    expect(parseTarget("//wire.test/y", base).url.href).toBe("https://wire.test/y");
    expect(() => parseTarget("//user@wire.test/", base)).toThrow(FetchRefused);
  });

  test.each([
    ["http://user@news.test/", "userinfo"],
    ["http://@news.test/", "userinfo"],
    ["http:// user@news.test/", "userinfo"],
    ["http://ev\til@news.test/", "userinfo"],
    ["file:///etc/hosts", "scheme"],
    ["HTTPS://news.test:25/", "port"],
    ["http://news.test:0/", "port"],
  ])("%j is refused: %s", (url, rule) => {
    expect(() => parseTarget(url)).toThrow(expect.objectContaining({ rule }));
  });

  test("localhost names", () => {
    expect(isLocalhostName("localhost")).toBe(true);
    expect(isLocalhostName("a.b.LOCALHOST")).toBe(true);
    expect(isLocalhostName("localhost.example")).toBe(false);
    expect(isLocalhostName("notlocalhost")).toBe(false);
  });
});

describe("FETCH_HOST_MAP", () => {
  test("reads host=address pairs; a host listed twice gets both", () => {
    const map = parseHostMap(" news.test=127.0.0.1, Wire.Test.=[::1],news.test = 10.0.0.1 ,");
    expect(map.get("news.test")).toEqual(["127.0.0.1", "10.0.0.1"]);
    expect(map.get("wire.test")).toEqual(["::1"]);
  });

  test("is empty by default", () => {
    expect(parseHostMap(undefined).size).toBe(0);
    expect(parseHostMap("").size).toBe(0);
  });

  test.each(["news.test", "news.test=", "=127.0.0.1", "news.test=127.1", "news.test=somewhere.else"])(
    "refuses to read %j",
    (entry) => {
      expect(() => parseHostMap(entry)).toThrow(/FETCH_HOST_MAP/);
    },
  );
});
