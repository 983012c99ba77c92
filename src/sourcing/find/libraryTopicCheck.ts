// The closest honest answer to "how well sourced is this topic?" before the sites issue brings
// the real topic check (POST /sites/{siteID}/topics/check, which searches the web and groups
// origins): what the workspace's own library of pages fetched before already holds. Independent
// origins are counted as distinct registrable domains of the matching pages (the library keeps no
// reprint grouping), so the figure can only be at most what a full check would find.

import { countArticlesOnSubject } from "../../articles/articlesOnSubject.ts";
import type { Principal } from "../../auth/principal.ts";
import type { Database } from "../../db/database.ts";
import { registrableDomain } from "../group/originGroups.ts";
import { searchLibrary } from "./pageLibrary.ts";
import { withTopicCheckPlace } from "./topicCheckLimits.ts";

export interface LibraryTopicCheck {
  independentOrigins: number;
  /** `ready` from 3 origins, `thin` from 1, `none` otherwise (the Column's rule). */
  state: "ready" | "thin" | "none";
  coveredOnSite: boolean;
  inLibrary: boolean;
  /** Matching library pages. */
  libraryPages: number;
  /** What writing it would cost: a standard article. */
  credits: number;
}

export function libraryTopicCheck(db: Database, principal: Principal, topic: string): Promise<LibraryTopicCheck> {
  return withTopicCheckPlace(db, principal.workspaceId, () => checkLibrary(db, principal, topic));
}

async function checkLibrary(db: Database, principal: Principal, topic: string): Promise<LibraryTopicCheck> {
  const hits = await searchLibrary(db, principal.workspaceId, topic, 50);
  const origins = new Set(hits.map((hit) => registrableDomain(hit.url))).size;
  const siteId = principal.kind === "person" ? null : (principal.siteId ?? null);
  const onSite = await countArticlesOnSubject(db, principal, { siteId, topic });
  return {
    independentOrigins: origins,
    state: origins >= 3 ? "ready" : origins >= 1 ? "thin" : "none",
    coveredOnSite: onSite > 0,
    inLibrary: hits.length > 0,
    libraryPages: hits.length,
    credits: 1,
  };
}
