// What a REST request carries from middleware to handler.
import type { Principal } from "../../src/auth/principal.ts";

export type AppEnv = {
  Variables: {
    principal: Principal;
    /** RateLimit headers of this request's credential, for every answer including errors. */
    limitHeaders: Record<string, string>;
  };
};
