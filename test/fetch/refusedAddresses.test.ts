// Every refused address form, through the fetcher itself with both settings empty: nothing here
// reaches the network (refusals come before any connection, and no DNS lookup is needed).
import { describe, expect, test } from "vitest";
import { checkAddress, classifyAddress, EMPTY_ALLOW_LIST, parseAllowList } from "../../src/sourcing/fetch/addressPolicy.ts";
import { hardenedFetch } from "../../src/sourcing/fetch/hardenedFetch.ts";
import { FetchRefused } from "../../src/sourcing/fetch/refusal.ts";
import { refusal } from "./sites.ts";

const EMPTY = { allowAddresses: "", hostMap: "", timeoutMs: 2_000 };

const REFUSED: [url: string, rule: string][] = [
  // loopback, in every spelling WHATWG URL accepts
  ["http://127.0.0.1/", "loopback"],
  ["http://127.0.0.2/", "loopback"],
  ["http://127.255.255.254:8080/", "loopback"],
  ["http://2130706433/", "loopback"],
  ["http://0177.0.0.1/", "loopback"],
  ["http://0x7f.1/", "loopback"],
  ["http://0x7f000001/", "loopback"],
  ["http://017700000001/", "loopback"],
  ["http://127.1/", "loopback"],
  ["http://127.0.1/", "loopback"],
  ["http://127.0.0.1./", "loopback"],
  ["http://%31%32%37.0.0.1/", "loopback"],
  ["http://\uff11\uff12\uff17.\uff10.\uff10.\uff11/", "loopback"],
  ["https://127.0.0.1:8443/x", "loopback"],
  ["http://localhost/", "loopback"],
  ["http://LOCALHOST./", "loopback"],
  ["http://api.localhost/", "loopback"],
  ["http://[::1]/", "loopback"],
  ["http://[0:0:0:0:0:0:0:1]/", "loopback"],
  // unspecified
  ["http://0/", "unspecified"],
  ["http://0.0.0.0/", "unspecified"],
  ["http://0.1.2.3/", "unspecified"],
  ["http://[::]/", "unspecified"],
  // private
  ["http://10.0.0.1/", "private"],
  ["http://10.255.255.255/", "private"],
  ["http://0xa.0.0.1/", "private"],
  ["http://172.16.0.1/", "private"],
  ["http://172.31.255.254/", "private"],
  ["http://192.168.1.1/", "private"],
  ["http://3232235777/", "private"],
  ["http://[fc00::1]/", "private"],
  ["http://[fd12:3456:789a::1]/", "private"],
  ["http://[fec0::1]/", "private"],
  // link-local, cloud metadata included
  ["http://169.254.169.254/latest/meta-data/", "linkLocal"],
  ["http://2852039166/", "linkLocal"],
  ["http://0xa9.0xfe.0xa9.0xfe/", "linkLocal"],
  ["http://169.254.0.1/", "linkLocal"],
  ["http://[fe80::1]/", "linkLocal"],
  // CGNAT
  ["http://100.64.0.1/", "cgnat"],
  ["http://100.127.255.254/", "cgnat"],
  // multicast and broadcast
  ["http://224.0.0.1/", "multicast"],
  ["http://239.255.255.250/", "multicast"],
  ["http://[ff02::1]/", "multicast"],
  ["http://255.255.255.255/", "broadcast"],
  // reserved, documentation, benchmarking
  ["http://192.0.0.8/", "reserved"],
  ["http://192.0.2.1/", "reserved"],
  ["http://198.18.0.1/", "reserved"],
  ["http://198.19.255.1/", "reserved"],
  ["http://198.51.100.7/", "reserved"],
  ["http://203.0.113.9/", "reserved"],
  ["http://240.0.0.1/", "reserved"],
  ["http://[2001:db8::1]/", "reserved"],
  ["http://[100::1]/", "reserved"],
  ["http://[3fff::1]/", "reserved"],
  ["http://[2001:2::1]/", "reserved"],
  ["http://[4000::1]/", "reserved"],
  // IPv4-mapped, IPv4-translated, IPv4-compatible: always refused
  ["http://[::ffff:127.0.0.1]/", "mappedIPv4"],
  ["http://[::ffff:7f00:1]/", "mappedIPv4"],
  ["http://[0:0:0:0:0:ffff:127.0.0.1]/", "mappedIPv4"],
  ["http://[::ffff:169.254.169.254]/", "mappedIPv4"],
  ["http://[::ffff:10.0.0.1]/", "mappedIPv4"],
  ["http://[::ffff:0:127.0.0.1]/", "mappedIPv4"],
  ["http://[::127.0.0.1]/", "mappedIPv4"],
  ["http://[::ffff:8.8.8.8]/", "mappedIPv4"],
  // NAT64
  ["http://[64:ff9b::a9fe:a9fe]/", "nat64"],
  ["http://[64:ff9b::127.0.0.1]/", "nat64"],
  ["http://[64:ff9b::10.0.0.1]/", "nat64"],
  ["http://[64:ff9b:1::a00:1]/", "nat64"],
  // 6to4
  ["http://[2002:7f00:1::]/", "sixToFour"],
  ["http://[2002:a9fe:a9fe::1]/", "sixToFour"],
  ["http://[2002:c0a8:101::]/", "sixToFour"],
  // Teredo (client IPv4 obfuscated: 127.0.0.1 and 10.0.0.1)
  ["http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/", "teredo"],
  ["http://[2001:0:4136:e378:8000:63bf:f5ff:fffe]/", "teredo"],
  // ISATAP interface identifiers carrying a refused IPv4
  ["http://[2001:470:1::5efe:127.0.0.1]/", "isatap"],
  ["http://[2a00:1450:4001::200:5efe:a9fe:a9fe]/", "isatap"],
  // userinfo tricks
  ["http://user@example.com/", "userinfo"],
  ["http://user:pass@example.com/", "userinfo"],
  ["http://evil@127.0.0.1/", "userinfo"],
  ["http://example.com@127.0.0.1/", "userinfo"],
  ["http://:secret@example.com/", "userinfo"],
  ["http://@example.com/", "userinfo"],
  ["https://example.com%40evil@169.254.169.254/", "userinfo"],
  // schemes
  ["file:///etc/passwd", "scheme"],
  ["ftp://example.com/file.txt", "scheme"],
  ["gopher://127.0.0.1:70/_stats", "scheme"],
  ["dict://127.0.0.1:11211/stat", "scheme"],
  ["data:text/html,<p>hi</p>", "scheme"],
  ["javascript:alert(1)", "scheme"],
  ["ws://example.com/", "scheme"],
  // ports browsers refuse
  ["http://example.com:25/", "port"],
  ["http://example.com:6667/", "port"],
  // not URLs
  ["http://1.2.3.4.5/", "invalidUrl"],
  ["http://[::1/", "invalidUrl"],
  ["not a url", "invalidUrl"],
];

describe("refused addresses, with FETCH_ALLOW_ADDRESSES and FETCH_HOST_MAP empty", () => {
  test("the table is large enough", () => {
    expect(REFUSED.length).toBeGreaterThanOrEqual(60);
  });

  test.each(REFUSED)("%s is refused: %s", async (url, rule) => {
    const error = await refusal(hardenedFetch(url, EMPTY));
    expect(error).toBeInstanceOf(FetchRefused);
    expect(error.rule).toBe(rule);
    expect(error.message).toContain(`[${rule}]`);
  });

  test("userinfo never appears in the error", async () => {
    const error = await refusal(hardenedFetch("http://user:hunter2@example.com/", EMPTY));
    expect(error.message).not.toContain("hunter2");
    expect(String(error.url)).not.toContain("hunter2");
  });
});

describe("classifyAddress", () => {
  test.each([
    ["::ffff:127.0.0.1", "mappedIPv4", "127.0.0.1", "loopback"],
    ["::ffff:8.8.8.8", "mappedIPv4", "8.8.8.8", null],
    ["64:ff9b::a9fe:a9fe", "nat64", "169.254.169.254", "linkLocal"],
    ["2002:7f00:1::", "sixToFour", "127.0.0.1", "loopback"],
    ["2002:808:808::1", "sixToFour", "8.8.8.8", null],
    ["2001:0:4136:e378:8000:63bf:80ff:fffe", "teredo", "127.0.0.1", "loopback"],
    ["2001:470:1::5efe:10.1.2.3", "isatap", "10.1.2.3", "private"],
  ])("%s is %s, embedding %s (%s)", (address, rule, inner, innerRule) => {
    expect(classifyAddress(address)).toMatchObject({ rule, embedded: { address: inner, rule: innerRule } });
  });

  test.each([
    "8.8.8.8",
    "1.1.1.1",
    "93.184.215.14",
    "100.63.255.255",
    "100.128.0.0",
    "172.15.255.255",
    "172.32.0.0",
    "198.20.0.1",
    "223.255.255.255",
    "2606:4700:4700::1111",
    "2001:4860:4860::8888",
    "2a00:1450:4001:81c::200e",
    "64:ff9b::808:808",
    "2001:470:1::5efe:8.8.8.8",
  ])("%s is allowed", (address) => {
    expect(classifyAddress(address).rule).toBeNull();
    expect(checkAddress(address).allowed).toBe(true);
  });

  test.each(["127.1", "0x7f.1", "2130706433", "0177.0.0.1", "", "localhost", "1.2.3.4.5", "::ffff:1.2.3", "[::1"])(
    "%j is not an address in standard notation",
    (text) => {
      expect(classifyAddress(text).rule).toBe("invalidAddress");
      expect(checkAddress(text, parseAllowList("0.0.0.0/0, ::/0")).allowed).toBe(false);
    },
  );

  test("addresses come back canonical", () => {
    expect(classifyAddress("0:0:0:0:0:FFFF:7F00:0001").address).toBe("::ffff:7f00:1");
    expect(classifyAddress("[::1]").address).toBe("::1");
  });
});

describe("FETCH_ALLOW_ADDRESSES", () => {
  const allow = parseAllowList(" 127.0.0.1 , 10.0.0.0/8,fd00::/8,, ::1 ");

  test("lets listed addresses and ranges through, saying which entry did", () => {
    expect(checkAddress("127.0.0.1", allow)).toMatchObject({ allowed: true, rule: "loopback", allowedBy: "127.0.0.1" });
    expect(checkAddress("10.20.30.40", allow)).toMatchObject({ allowed: true, rule: "private", allowedBy: "10.0.0.0/8" });
    expect(checkAddress("fd00::5", allow)).toMatchObject({ allowed: true, allowedBy: "fd00::/8" });
    expect(checkAddress("::1", allow).allowed).toBe(true);
  });

  test("matches the address as it is: neighbours and mapped forms stay refused", () => {
    expect(checkAddress("127.0.0.2", allow)).toMatchObject({ allowed: false, rule: "loopback" });
    expect(checkAddress("::ffff:127.0.0.1", allow)).toMatchObject({ allowed: false, rule: "mappedIPv4" });
    expect(checkAddress("64:ff9b::7f00:1", allow)).toMatchObject({ allowed: false, rule: "nat64" });
    expect(checkAddress("169.254.169.254", allow)).toMatchObject({ allowed: false, rule: "linkLocal" });
  });

  test("is empty by default", () => {
    expect(parseAllowList(undefined)).toEqual(EMPTY_ALLOW_LIST);
    expect(parseAllowList("")).toEqual(EMPTY_ALLOW_LIST);
  });

  test.each(["127.1", "localhost", "10.0.0.0/33", "::1/129", "10.0.0.0/x", "0x7f.0.0.1"])("refuses to read %j", (entry) => {
    expect(() => parseAllowList(entry)).toThrow(/FETCH_ALLOW_ADDRESSES/);
  });
});
