import type { APIRequestContext } from '@playwright/test';
import type { Category } from '@churchtrades/shared/category';
import type { ChurchSummary } from '@churchtrades/shared/church';
import type { Envelope } from '@churchtrades/shared/envelope';
import { expect } from './fixtures';

/** The `data` of a GET answer, which must succeed. */
export async function answerOf<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as Envelope<T>).data;
}

/** What a business can be listed under, as the server offers it: the first main category, its subs, NSW's churches. */
export async function directoryChoices(request: APIRequestContext) {
  const { categories: mains } = await answerOf<{ categories: Category[] }>(request, '/api/category/main_categories');
  const main = mains[0];
  if (!main) throw new Error('The demo data has no main category');
  const { categories: subs } = await answerOf<{ categories: Category[] }>(
    request,
    `/api/category/sub_categories?parent_id=${main.id}`,
  );
  const { churches } = await answerOf<{ churches: ChurchSummary[] }>(request, '/api/churches/stateChurches?stateType=NSW');
  const [firstSub, secondSub] = subs;
  const [firstChurch, secondChurch] = churches;
  if (!firstSub || !secondSub || !firstChurch || !secondChurch) throw new Error('The demo data is too small');
  return { main, firstSub, secondSub, firstChurch, secondChurch };
}
