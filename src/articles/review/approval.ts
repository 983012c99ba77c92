// A person's approval of the exact version they read, and republishing an approved article. The
// label an article shows is derived from the latest approval record (labelOf), never stored as a
// flag someone could set: it says "reviewed by a human" only while that record's version is the
// article's current version, so any edit takes it away.
import type { ArticleApproval } from "../../../prisma/generated/client/client.ts";
import type { PersonPrincipal, Principal } from "../../auth/principal.ts";
import { assertVisible } from "../../auth/visibility.ts";
import type { ContractFormat } from "../../contractFormat.ts";
import type { Database, Tx } from "../../db/database.ts";
import { DomainError } from "../../errors.ts";
import { raiseArticleApproved } from "../../events/outbox.ts";
import { parseId } from "../../ids.ts";
import { articleView } from "../articleView.ts";
import { assertEditable } from "../edits/editArticle.ts";

export interface Acknowledgement {
  statement: string;
  note: string;
}

export interface Acknowledged extends Acknowledgement {
  by: string;
}

export interface LabelView {
  reviewedByHuman: boolean;
  approvedVersion?: number;
  approvedAt?: string;
  approvedBy?: string;
  acknowledged?: Acknowledged[];
}

export function labelOf(currentVersion: number, approval: ArticleApproval | null | undefined): LabelView {
  if (!approval) return { reviewedByHuman: false };
  const acknowledged = Array.isArray(approval.acknowledged) ? (approval.acknowledged as unknown as Acknowledged[]) : [];
  return {
    reviewedByHuman: approval.version === currentVersion,
    approvedVersion: approval.version,
    approvedAt: approval.at.toISOString(),
    approvedBy: approval.personName,
    ...(acknowledged.length > 0 ? { acknowledged } : {}),
  };
}

export function requirePerson(principal: Principal): PersonPrincipal {
  if (principal.kind !== "person") throw new DomainError("person_only", "Only a person signed in can do this.");
  return principal;
}

const norm = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();

interface OpenItem {
  kind: "flag" | "warning";
  /** What an acknowledgement may name: the claim's id or text, the check's id or name. */
  names: string[];
  statement: string;
}

async function lockedArticle(tx: Tx, principal: Principal, id: string) {
  const articleId = parseId(id);
  if (!articleId) throw new DomainError("not_found", "Article was not found.");
  await tx.$queryRaw`SELECT id FROM article WHERE id = ${articleId}::uuid FOR UPDATE`;
  const row = await tx.article.findUnique({ where: { id: articleId } });
  assertVisible(principal, "article", row);
  return row;
}

/** The article as a key reads it, from inside the transaction that approves it. */
async function keyView(db: Database, tx: Tx, principal: Principal, id: string) {
  const view = await articleView({ ...db, prisma: tx as unknown as Database["prisma"] }, principal, id);
  return { ...view, comments: [] };
}

export async function approveArticle(
  db: Database,
  contract: ContractFormat,
  principal: Principal,
  id: string,
  version: number,
  acknowledgements: Acknowledgement[] = [],
): Promise<void> {
  const person = requirePerson(principal);
  for (const a of acknowledgements) {
    if (norm(a.statement) === "" || norm(a.note) === "") {
      throw new DomainError("validation", "Each acknowledgement needs the statement it acknowledges and a note.");
    }
  }
  await db.prisma.$transaction(async (tx) => {
    const row = await lockedArticle(tx, person, id);
    assertEditable(row);
    if (version !== row.version) {
      throw new DomainError(
        "article_changed",
        `The article is at version ${row.version}; read it again and approve that version.`,
        {
          currentVersion: row.version,
        },
      );
    }
    const claims = await tx.articleClaim.findMany({ where: { articleId: row.id }, orderBy: { position: "asc" } });
    const quality = Array.isArray(row.quality)
      ? (row.quality as { id: string; name: string; verdict: string; detail: string; dismissedBy?: string }[])
      : [];
    const open: OpenItem[] = [
      ...claims
        .filter((c) => c.state !== "corroborated" && !c.keptFlag)
        .map((c) => ({ kind: "flag" as const, names: [contract.claimId(c.id), c.text], statement: c.text })),
      ...quality
        .filter((q) => q.verdict === "warning" && !q.dismissedBy)
        .map((q) => ({ kind: "warning" as const, names: [q.id, q.name], statement: q.name })),
    ];
    const acknowledged: Acknowledged[] = [];
    for (const a of acknowledgements) {
      const item = open.find((o) => o.names.some((n) => norm(n) === norm(a.statement)));
      if (!item) {
        throw new DomainError(
          "validation",
          `Nothing open on this version matches the acknowledgement "${a.statement.slice(0, 120)}".`,
        );
      }
      acknowledged.push({ statement: item.statement, note: a.note.trim(), by: person.personName });
    }
    const unacknowledged = open.filter((o) => o.kind === "flag" && !acknowledged.some((a) => a.statement === o.statement));
    if (unacknowledged.length > 0) {
      throw new DomainError(
        "open_flags",
        `${unacknowledged.length} flagged claim${unacknowledged.length === 1 ? " is" : "s are"} neither kept nor acknowledged: ${unacknowledged.map((o) => `"${o.statement}"`).join("; ")}.`,
        { openFlags: unacknowledged.map((o) => o.names[0] as string) },
      );
    }
    await tx.articleApproval.create({
      data: {
        articleId: row.id,
        version,
        personId: person.personId,
        personName: person.personName,
        acknowledged: acknowledged as unknown as object,
      },
    });
    await tx.article.update({ where: { id: row.id }, data: { status: "approved", updatedAt: new Date() } });
    const view = await keyView(db, tx, person, row.id);
    await raiseArticleApproved(tx, contract, row, view, version, person.personName);
  });
}

/** Raises article.approved again for an approved article: the one way to redeliver. */
export async function republishArticle(db: Database, contract: ContractFormat, principal: Principal, id: string): Promise<void> {
  const person = requirePerson(principal);
  await db.prisma.$transaction(async (tx) => {
    const row = await lockedArticle(tx, person, id);
    assertEditable(row);
    const approval = await tx.articleApproval.findFirst({ where: { articleId: row.id }, orderBy: { at: "desc" } });
    if (row.status !== "approved" || !approval || approval.version !== row.version) {
      throw new DomainError("conflict", "Only an approved article can be republished; approve its current version first.");
    }
    const view = await keyView(db, tx, person, row.id);
    await raiseArticleApproved(tx, contract, row, view, approval.version, approval.personName);
  });
}
