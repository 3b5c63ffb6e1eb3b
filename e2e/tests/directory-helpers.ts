import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { Category } from '@churchtrades/shared/category';
import type { ChurchSummary } from '@churchtrades/shared/church';
import type { Envelope } from '@churchtrades/shared/envelope';
import type { OwnTrade } from '@churchtrades/shared/trade-dashboard';
import { demoEmail, logInDirectly } from './account-helpers';
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

/** A new owner's business, listed through the API and approved by the demo administrator. */
export async function listedBusiness(browser: Browser, owner: Page, listing: { name: string; brief: string }): Promise<OwnTrade> {
  const { main, firstSub: sub, firstChurch } = await directoryChoices(owner.request);
  const listed = await owner.request.post('/api/trades/new', {
    data: { ...listing, mainCategoryId: main.id, categoryId: sub.id, stateType: 'NSW', churchId: firstChurch.churchId },
  });
  expect(listed.ok(), await listed.text()).toBe(true);
  const { trade } = ((await listed.json()) as Envelope<{ trade: OwnTrade }>).data;
  const admin = await (await browser.newContext()).newPage();
  await logInDirectly(admin, demoEmail('ADMIN'));
  const approved = await admin.request.patch('/api/moderation/decide', { data: { tradeId: trade.id, decision: 'APPROVE' } });
  expect(approved.ok(), await approved.text()).toBe(true);
  await admin.context().close();
  return trade;
}
