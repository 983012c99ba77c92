// What every resolver receives: the principal resolved at the edge and the database.
import type { Principal } from "../src/auth/principal.ts";
import type { Database } from "../src/db/database.ts";
import type { Services } from "../src/processServices.ts";

export interface GraphQLContext {
  principal: Principal | undefined;
  db: Database;
  services: Services;
}

/** Passed as yoga's server context by the HTTP edge and by in-process facade calls. */
export interface ServerContext {
  principal?: Principal;
}
