// The one way an article changes after it is written. Every edit route hands a function that
// looks at the article as it is now and says what changes; this module locks the row, checks the
// rules every edit shares (visible, not archived, not being written, `expectedVersion` current),
// applies the change, adds the version entry with what the article now holds, and takes an
// approval away. Two edits racing on one article queue on the row lock, so the second sees the
// first's version: both can never win against the same version.
import { randomUUID } from "node:crypto";
import type { Article, ArticleClaim } from "../../../prisma/generated/client/client.ts";
import type { Principal } from "../../auth/principal.ts";
import { assertVisible } from "../../auth/visibility.ts";
import type { Database, Tx } from "../../db/database.ts";
import { DomainError } from "../../errors.ts";
import { parseId } from "../../ids.ts";
import type { Language } from "../../languages.ts";
import type { InternalLink, Unit } from "../../writing/types.ts";
import { draftWords } from "../../writing/units.ts";
import { describePrincipal } from "../principalNames.ts";
import { snapshotOf } from "./articleSnapshot.ts";

/** The article as an edit sees it: the stored row with its units and links parsed. */
export interface EditableArticle {
  row: Article;
  units: Unit[];
  internalLinks: InternalLink[];
  claims: ArticleClaim[];
}

/** A claim an edit adds (a new statement no source carries, or one a model wrote). */
export interface NewClaim {
  id: string;
  text: string;
  state: "singleSource" | "corroborated" | "circular" | "parallel" | "disputed";
  originCount: number;
  sourceIds: string[];
}

export interface ClaimUpdate {
  id: string;
  state?: string;
  originCount?: number;
  sourceIds?: string[];
  mentions?: unknown;
  keptFlag?: boolean;
  keptNote?: string | null;
}

/** What an edit changes. Fields left out stay as they are. */
export interface ArticleChange {
  /** The version entry's label: "unit edited", "title changed", "source added", … */
  label: string;
  /** One line saying what changed. */
  note: string;
  /** The model that made the change, when a model did. */
  model?: string;
  title?: string;
  /** null removes the deck. */
  deck?: string | null;
  units?: Unit[];
  internalLinks?: InternalLink[];
  newClaims?: NewClaim[];
  claimUpdates?: ClaimUpdate[];
  /** Further writes of the same change, in the same transaction (a source row, a picture). */
  alsoWrite?: (tx: Tx, articleId: string) => Promise<void>;
}

export interface EditOptions {
  /** From the article read; a stale one is refused with article_changed. */
  expectedVersion?: number;
  /** Returns the change, or null when the edit changes nothing (no version is added). */
  change: (article: EditableArticle, tx: Tx) => ArticleChange | null | Promise<ArticleChange | null>;
}

export interface EditOutcome {
  articleId: string;
  /** The article's version after the edit. */
  version: number;
  changed: boolean;
}

/** Refuses an edit-type call on an article that is archived or being written. */
export function assertEditable(row: Pick<Article, "status" | "archivedAt">): void {
  if (row.archivedAt || row.status === "archived") throw new DomainError("article_archived", "The article is archived.");
  if (row.status === "generating") {
    throw new DomainError("article_generating", "The article is being written; edit it when its job has finished.");
  }
}

export function newClaimId(): string {
  return randomUUID();
}

/** Who made a version, as its entry says: the person, or the credential acting for them. */
export function versionAuthor(principal: Principal): { by: string; agent: string | null } {
  const names = describePrincipal(principal);
  return {
    by: principal.kind === "person" ? principal.personName : principal.name,
    agent: names.versionAgent ?? null,
  };
}

export async function editArticle(db: Database, principal: Principal, id: string, options: EditOptions): Promise<EditOutcome> {
  const articleId = parseId(id);
  if (!articleId) throw new DomainError("not_found", "Article was not found.");
  return db.prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM article WHERE id = ${articleId}::uuid FOR UPDATE`;
    const row = await tx.article.findUnique({ where: { id: articleId } });
    assertVisible(principal, "article", row);
    assertEditable(row);
    if (options.expectedVersion !== undefined && options.expectedVersion !== row.version) {
      throw new DomainError(
        "article_changed",
        `The article is at version ${row.version}, not ${options.expectedVersion}; read it again and redo the edit.`,
        { currentVersion: row.version },
      );
    }
    const claims = await tx.articleClaim.findMany({ where: { articleId }, orderBy: { position: "asc" } });
    const article: EditableArticle = {
      row,
      units: Array.isArray(row.units) ? (row.units as unknown as Unit[]) : [],
      internalLinks: Array.isArray(row.internalLinks) ? (row.internalLinks as unknown as InternalLink[]) : [],
      claims,
    };
    const change = await options.change(article, tx);
    if (!change) return { articleId, version: row.version, changed: false };

    const units = change.units ?? article.units;
    const title = change.title ?? row.title;
    const deck = change.deck === undefined ? row.deck : change.deck;
    const lead = units[0]?.kind === "paragraph" ? units[0].text : row.lead;
    const internalLinks = change.internalLinks ?? article.internalLinks;

    // The version before this one keeps what it held, if generation left it without a snapshot.
    const before = snapshotOf(row, claims);
    await tx.$executeRaw`UPDATE article_version SET snapshot = ${JSON.stringify(before)}::jsonb
                          WHERE article_id = ${articleId}::uuid AND n = ${row.version} AND snapshot IS NULL`;

    let position = claims.reduce((max, c) => Math.max(max, c.position), -1);
    if (change.newClaims?.length) {
      await tx.articleClaim.createMany({
        data: change.newClaims.map((c) => ({
          id: c.id,
          articleId,
          position: ++position,
          text: c.text,
          state: c.state,
          originCount: c.originCount,
          sourceIds: c.sourceIds,
        })),
      });
    }
    for (const update of change.claimUpdates ?? []) {
      const { id: claimId, mentions, ...fields } = update;
      await tx.articleClaim.update({
        where: { id: claimId },
        data: { ...fields, ...(mentions === undefined ? {} : { mentions: mentions as object }) },
      });
    }
    await change.alsoWrite?.(tx, articleId);

    const version = row.version + 1;
    const language = row.language as Language;
    await tx.article.update({
      where: { id: articleId },
      data: {
        title,
        deck,
        lead,
        units: units as unknown as object,
        internalLinks: internalLinks as unknown as object,
        words: draftWords({ units, language }),
        version,
        // An approval is for the version a person read; a change takes it away.
        ...(row.status === "approved" ? { status: "needsReview" } : {}),
        updatedAt: new Date(),
      },
    });
    // The claims as they now stand, read again only when the change touched them.
    const touched = (change.newClaims?.length ?? 0) > 0 || (change.claimUpdates?.length ?? 0) > 0 || !!change.alsoWrite;
    const after = touched ? await tx.articleClaim.findMany({ where: { articleId }, orderBy: { position: "asc" } }) : claims;
    const author = versionAuthor(principal);
    await tx.articleVersion.create({
      data: {
        articleId,
        n: version,
        label: change.label,
        by: author.by,
        agent: author.agent,
        model: change.model ?? "none",
        note: change.note,
        title: change.title !== undefined && change.title !== row.title ? change.title : null,
        snapshot: snapshotOf({ title, deck, lead, units, internalLinks }, after) as unknown as object,
      },
    });
    return { articleId, version, changed: true };
  });
}
