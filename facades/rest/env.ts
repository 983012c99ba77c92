// What a REST request carries from middleware to handler.
import type { Principal } from "../../src/auth/principal.ts";

export type AppEnv = {
  Variables: {
    principal: Principal;
    requestId: string;
  };
};
