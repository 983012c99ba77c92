// The test web's stories read, grouped and checked by the sourcing engine, in the shape the
// writer takes: what the writing tests and `npm run eval:writing` write articles from.
import { fetchAndRead, groupAndCheck } from "../../src/sourcing/sourcingEngine.ts";
import { type WritingMaterial, writingMaterial } from "../../src/writing/material.ts";
import type { TestWeb, TruthStory } from "./testWeb.ts";

export interface StoryMaterial extends WritingMaterial {
  story: TruthStory;
}

export async function storyMaterial(web: TestWeb, story: TruthStory): Promise<StoryMaterial> {
  const { pages } = await fetchAndRead(story.urls.map(web.served), { allowAddresses: "127.0.0.1", hostMap: web.hostMap });
  const checked = groupAndCheck(pages, { acceptFlagged: true });
  return { story, ...writingMaterial(checked) };
}

export async function allStoryMaterial(web: TestWeb): Promise<StoryMaterial[]> {
  const out: StoryMaterial[] = [];
  for (const story of web.truth.stories) out.push(await storyMaterial(web, story));
  return out;
}
