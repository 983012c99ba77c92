// An article has one current picture: a new one becomes current in the transaction that makes the
// old one stop being current (the illustrate step, and a regeneration swapping its picture in).
// Older pictures stay, readable by id.
import type { Tx } from "../../db/database.ts";
import type { RenderedIllustration } from "../../writing/types.ts";

export async function makeCurrentPicture(tx: Tx, articleId: string, picture: RenderedIllustration): Promise<{ id: string }> {
  await tx.illustration.updateMany({ where: { articleId, current: true }, data: { current: false } });
  return tx.illustration.create({
    data: {
      articleId,
      status: "ready",
      current: true,
      png: Buffer.from(picture.png),
      contentType: picture.contentType,
      altText: picture.altText,
      ...(picture.caption ? { caption: picture.caption } : {}),
      label: picture.label,
      styleLabel: picture.styleLabel,
      model: picture.model,
    },
    select: { id: true },
  });
}
