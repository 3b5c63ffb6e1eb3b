import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** What a person cannot get past: axe's moderate and minor findings are left to review. */
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Waits for the CSS transitions running now (a button just clicked fading to its hover colours, say): axe measured
 * half-way through one finds a contrast that no one sees once it has ended.
 */
async function transitionsEnded(page: Page): Promise<void> {
  // A script, as the suite's other page scripts are: its types are the browser's, not this project's.
  await page.evaluate(
    `Promise.all(document.getAnimations().filter((animation) => animation instanceof CSSTransition)
      .map((transition) => transition.finished.catch(() => undefined))).then(() => true)`,
  );
}

/** One line per violation: the rule, its impact and where, so a failure says what to fix. */
export async function blockingViolations(page: Page): Promise<string[]> {
  await transitionsEnded(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => {
      const where = violation.nodes.map((node) => node.target.join(' ')).join(' | ');
      return `${violation.id} (${violation.impact}): ${violation.help} — ${where}`;
    });
}

/** Presses Tab until `target` has the focus, as a keyboard user moves through the page to it. */
export async function tabTo(page: Page, target: Locator, limit = 30): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element.matches(':focus'))) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `reached with at most ${limit} presses of Tab`).toBeFocused();
}
