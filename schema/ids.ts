// Ids as the contract writes them: the spec gives each kind a letter case (Conventions §3), and
// the domain keys rows by, and returns, the lower-case uuid. The GraphQL resolvers format every id
// they answer with here, and the domain formats what it writes once and sends later (job events,
// webhook data, the ids an error quotes) through schema/contractFormat.ts, which the composition
// root hands in (src/contractFormat.ts). A facade that takes an id GraphQL answered on to something
// outside GraphQL (the job event stream) reads it back with `parseId`.
export { parseId } from "../src/ids.ts";

const upper = (id: string) => id.toUpperCase();
const lower = (id: string) => id.toLowerCase();

/** Articles, claims, sources, briefs and jobs: upper-case. */
export const articleIdOut = upper;
export const claimIdOut = upper;
export const sourceIdOut = upper;
export const briefIdOut = upper;
export const jobIdOut = upper;
/** A person's comment on an article, as the article's comments carry it. */
export const commentIdOut = upper;

/** Sites, brands, illustrations, webhooks, keys, agents and Beats: lower-case. */
export const siteIdOut = lower;
export const brandIdOut = lower;
export const illustrationIdOut = lower;
export const webhookIdOut = lower;
export const deliveryIdOut = lower;
export const keyIdOut = lower;
export const workspaceIdOut = lower;
export const personIdOut = lower;

/** A job's, brief's or article's id in `addingLanguages` and in job.done and job.failed data: lower-case. */
export const jobRefIdOut = lower;

/** An id the contract may leave out, formatted when present. */
export const optionalIdOut = (format: (id: string) => string, id: string | null | undefined) => (id ? format(id) : undefined);
