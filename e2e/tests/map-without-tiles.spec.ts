import type { Page } from '@playwright/test';
import type { Envelope } from '@churchtrades/shared/envelope';
import type { SiteInfo } from '@churchtrades/shared/site';
import { expect, test } from './fixtures';

/**
 * A map that never disappears: without a tile server, the search map draws its built-in outline of Australia
 * (coastline and state borders, vector paths) and keeps its markers.
 */
const MAP_OF_TASMANIA = '/?view=map&state=TAS';
/** A map tile's path: /{z}/{x}/{y}.png. */
const TILE_PATH = /^\/\d+\/\d+\/\d+\.png$/;

function mapOf(page: Page) {
  return page.getByRole('region', { name: 'Map of businesses' });
}

async function expectPinsOverOutline(page: Page) {
  const map = mapOf(page);
  await expect(page.getByText(/\d+ business(es)? on the map/)).toBeVisible();
  // The coastline and the state borders: vector paths, which tiles never are.
  await expect(map.locator('.leaflet-overlay-pane path')).toHaveCount(2, { timeout: 15_000 });
  await expect(map.locator('.leaflet-overlay-pane path').first()).toBeVisible();
  await expect(map.locator('.leaflet-marker-icon').first()).toBeVisible();
  await expect(map.getByRole('link', { name: 'Natural Earth' })).toBeVisible();
  await expect(map.getByText('The map cannot be shown right now.')).toHaveCount(0);
  await expect(map.locator('.leaflet-tile')).toHaveCount(0);
}

test('with the tile server out of reach, the pins stay over the built-in outline of Australia', async ({ page }) => {
  const { data } = (await (await page.request.get('/api/site')).json()) as Envelope<{ site: SiteInfo }>;
  const tileOrigin = new URL(data.site.mapTileUrl).origin;
  let tilesAsked = 0;
  await page.route(`${tileOrigin}/**`, (route) => {
    tilesAsked += 1;
    return route.abort('connectionrefused');
  });

  await page.goto(MAP_OF_TASMANIA);

  await expectPinsOverOutline(page);
  expect(tilesAsked).toBeGreaterThan(0);
});

test('with MAP_TILE_URL=none, the map is the built-in outline from the start and no tile is asked for', async ({ page }) => {
  // The site's configuration as a server started with MAP_TILE_URL=none gives it (config.test.ts checks that).
  await page.route('**/api/site', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as Envelope<{ site: SiteInfo }>;
    await route.fulfill({ response: answer, json: { ...body, data: { site: { ...body.data.site, mapTileUrl: 'none' } } } });
  });
  const tilesAsked: string[] = [];
  page.on('request', (request) => {
    if (TILE_PATH.test(new URL(request.url()).pathname)) tilesAsked.push(request.url());
  });

  await page.goto(MAP_OF_TASMANIA);

  await expectPinsOverOutline(page);
  expect(tilesAsked).toEqual([]);
});
