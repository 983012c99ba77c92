// An export of one article (the tool interface's export.render). Every format first checks the
// article is visible and written. markdown: the title, the deck, then the units in order, as
// src/writing/markdown.ts writes a draft. pdf and docx: a note (a person downloads the file).
// cms: delivery through the site's connection comes with the export issue; until then no site has
// a connection, so the answer is no_connection (docs/decisions.md). A markdown render is an
// export: it raises article.exported (the article as a key reads it, target markdown).
import type { Principal } from "../auth/principal.ts";
import type { ContractFormat } from "../contractFormat.ts";
import type { Database } from "../db/database.ts";
import { withTransaction } from "../db/transaction.ts";
import { EXPORT_TARGETS, type ExportTarget } from "../enumerations.ts";
import { DomainError } from "../errors.ts";
import { raiseArticleExported } from "../events/outbox.ts";
import { draftToMarkdown } from "../writing/markdown.ts";
import type { Unit } from "../writing/types.ts";
import { articleView } from "./articleView.ts";
import { findVisibleArticle } from "./visibleArticle.ts";

export interface ArticleExport {
  format: ExportTarget;
  markdown?: string;
  note?: string;
}

export async function articleExport(
  db: Database,
  contract: ContractFormat,
  principal: Principal,
  id: string,
  format: string,
): Promise<ArticleExport> {
  if (!(EXPORT_TARGETS as readonly string[]).includes(format)) {
    throw new DomainError("validation", `format must be one of ${EXPORT_TARGETS.join(", ")}.`, { field: "format" });
  }
  const target = format as ExportTarget;
  const article = await findVisibleArticle(db, principal, id);
  // Nothing to export while a job is still writing it (its text is not there yet).
  if (article.status === "generating") {
    throw new DomainError("article_generating", "The article is being written; export it when its job has finished.");
  }
  switch (target) {
    case "markdown": {
      const units = Array.isArray(article.units) ? (article.units as unknown as Unit[]) : [];
      const markdown = draftToMarkdown({ title: article.title, deck: article.deck ?? undefined, units });
      const view = await articleView(db, principal, article.id);
      await withTransaction(db, (sql) => raiseArticleExported(sql, contract, article, view, article.version, target));
      return { format: target, markdown };
    }
    case "cms":
      throw new DomainError("no_connection", "The article's site has no CMS connection; a person sets one up.");
    default:
      return {
        format: target,
        note: `A ${target} file is downloaded by a person from the article's page; the tool interface returns no file.`,
      };
  }
}
