// What the domain writes once and sends later, in the contract's form: the job event `done`
// (stored, then streamed), the event stream's opening comment, webhook event data (written to the
// outbox in the transaction of the change) and the ids an error quotes. The domain keeps ids as
// stored; the letter case the spec gives each kind (Conventions §3) and the article as a key
// reads it are the contract's, implemented in schema/ (schema/ids.ts) and handed in by the
// composition root (Services.contract, the pipeline's workers) or by the resolver that calls.
import type { ArticleView } from "./articles/articleView.ts";

export interface ContractFormat {
  /** An article's id as the Article resource carries it. */
  articleId(id: string): string;
  /** A claim's id as the Article's claims carry it. */
  claimId(id: string): string;
  /** A job's id as the Job resource carries it. */
  jobId(id: string): string;
  /** A key's or agent's id. */
  keyId(id: string): string;
  /** A job's, brief's or article's id in the data of the job.done and job.failed webhooks. */
  jobWebhookId(id: string): string;
  /** The article as GET /articles/{id} returns it, embedded in article.approved and article.exported. */
  articleForEvent(view: ArticleView): object;
}
