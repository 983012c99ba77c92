// What a request on /api/v1 or /mcp/v1 carries from the authentication middleware to its handler.
import type { Principal } from "../auth/principal.ts";

export type AppEnv = {
  Variables: {
    principal: Principal;
    /** RateLimit headers of this request's credential, for every answer including errors. */
    limitHeaders: Record<string, string>;
  };
};
