// The domain's ContractFormat (src/contractFormat.ts), implemented with the contract's id cases
// (schema/ids.ts) and its article (schema/articleOut.ts). app/services.ts hands it to the domain
// (Services.contract, the pipeline's workers).
import type { ContractFormat } from "../src/contractFormat.ts";
import { articleOut } from "./articleOut.ts";
import { articleIdOut, claimIdOut, jobIdOut, jobRefIdOut, keyIdOut } from "./ids.ts";

export const contractFormat: ContractFormat = {
  articleId: articleIdOut,
  claimId: claimIdOut,
  jobId: jobIdOut,
  keyId: keyIdOut,
  jobWebhookId: jobRefIdOut,
  articleForEvent: articleOut,
};
