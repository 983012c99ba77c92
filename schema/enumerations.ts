// The enumerations of the contract (src/enumerations.ts, the one list), for the facades: the REST
// facade declares and checks its requests and answers against these. GraphQL still types these
// fields as String.
export {
  ARTICLE_ORIGINS,
  ARTICLE_STATUSES,
  BLOCK_KINDS,
  CLAIM_STATES,
  ESTIMATE_PART_KINDS,
  EXPORT_TARGETS,
  ILLUSTRATION_STATUSES,
  ILLUSTRATIONS,
  LENGTHS,
  LIVE_JOB_STATUSES,
  PURPOSES,
  QUALITY_VERDICTS,
  REWRITE_MODES,
  SCOPES,
  STRUCTURES,
  TONES,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
} from "../src/enumerations.ts";
