import type { Page } from '@playwright/test';
import { businessPath } from '@churchtrades/shared/business-page';
import { MESSAGES } from '@churchtrades/shared/messages';
import { collectErrors, logInDirectly, newVerifiedAccount } from './account-helpers';
import { listedBusiness } from './directory-helpers';
import { expect, test } from './fixtures';

/**
 * A business's cover picture in the browser against the real server: its owner chooses one on the dashboard,
 * and it shows at the top of the public page of the business, fetched with the HTML and named to link previews.
 */

const PASSWORD = 'Harbour-lights-over-the-bay-8';

/**
 * A photo as a phone would take it: a JPEG of a harbour at dusk, drawn in the browser's canvas (the script runs
 * in the page, where the DOM is; these tests are typed without it).
 */
async function drawnPhoto(page: Page, width: number, height: number): Promise<Buffer> {
  const dataUrl = await page.evaluate<string>(`(() => {
    const canvas = document.createElement('canvas');
    canvas.width = ${width};
    canvas.height = ${height};
    const context = canvas.getContext('2d');
    const sky = context.createLinearGradient(0, 0, 0, ${height});
    sky.addColorStop(0, '#2b4c7e');
    sky.addColorStop(1, '#f3b562');
    context.fillStyle = sky;
    context.fillRect(0, 0, ${width}, ${height});
    context.fillStyle = '#1d3b53';
    context.fillRect(0, ${height * 0.7}, ${width}, ${height * 0.3});
    return canvas.toDataURL('image/jpeg', 0.9);
  })()`);
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

test.describe("a business's cover picture", () => {
  test('the owner chooses a cover picture on the dashboard and it shows at the top of the business page', async ({
    browser,
    page,
  }) => {
    test.setTimeout(90_000);
    const errors = collectErrors(page);
    const name = `Harbour Sailmakers ${Date.now()}`;
    const loginEmail = await newVerifiedAccount(page, 'Mere', 'Tawhiri', PASSWORD);
    await logInDirectly(page, loginEmail, PASSWORD);
    const trade = await listedBusiness(browser, page, { name, brief: 'Sails mended and rigging made' });
    const coverAlt = `Cover picture of ${name}`;

    await test.step('the owner uploads a photo as the cover picture', async () => {
      await page.goto('/trade/profile');
      await expect(page.getByRole('img', { name: 'No cover picture yet' })).toBeVisible();
      const photo = { name: 'harbour.jpg', mimeType: 'image/jpeg', buffer: await drawnPhoto(page, 1200, 800) };
      await page.getByLabel('Change cover picture', { exact: true }).setInputFiles(photo);
      await expect(page.getByText(MESSAGES.coverPictureUpdated)).toBeVisible();
      const shown = page.getByRole('img', { name: coverAlt });
      await expect(shown).toHaveAttribute('src', /^\/uploads\/covers\/[0-9a-f]{32}\.webp$/);
      // Stored cut to 16:9, never enlarged: 1200 × 675.
      await expect(shown).toHaveJSProperty('naturalWidth', 1200);
      await expect(shown).toHaveJSProperty('naturalHeight', 675);
    });

    await test.step('a visitor sees it at the top of the business page, above its name', async () => {
      const visitor = await (await browser.newContext()).newPage();
      const response = await visitor.goto(businessPath(trade.id, name));
      const html = (await response?.text()) ?? '';
      const cover = visitor.getByRole('img', { name: coverAlt });
      const heading = visitor.getByRole('heading', { name, level: 1 });

      await expect(cover).toBeVisible();
      await expect(cover).toHaveJSProperty('complete', true);
      await expect(cover).toHaveJSProperty('naturalWidth', 1200);
      const src = (await cover.getAttribute('src'))!;
      expect(html).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${src}" />`);
      expect(html).toMatch(new RegExp(`<meta property="og:image" content="[^"]*${src}" />`));
      const [coverBox, headingBox] = [await cover.boundingBox(), await heading.boundingBox()];
      expect(coverBox!.y + coverBox!.height).toBeLessThanOrEqual(headingBox!.y);
      // Its place kept at 16:9 by the width and height it declares.
      expect(Math.abs(coverBox!.width / coverBox!.height - 16 / 9)).toBeLessThan(0.02);
      await visitor.context().close();
    });

    expect(errors).toEqual([]);
  });
});
