// The hardened fetcher's public surface. Rules: hardenedFetch.ts and addressPolicy.ts headers.
export {
  type AddressClass,
  type AddressRule,
  type AddressVerdict,
  checkAddress,
  classifyAddress,
  parseAllowList,
} from "./addressPolicy.ts";
export { type FetchOptions, hardenedFetch, USER_AGENT } from "./hardenedFetch.ts";
export { parseHostMap, parseTarget } from "./hostParsing.ts";
export { FetchRefused, type FetchRule, publicFetchFailure } from "./refusal.ts";
