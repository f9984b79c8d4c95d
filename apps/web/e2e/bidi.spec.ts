import type { Locator } from '@playwright/test';
import { DESKTOP, expect, PHONE, shot, test, waitForHydration } from './fixtures.ts';

/**
 * Mixed text on an Arabic (right-to-left) page keeps its order, checked on the screen rather
 * than in the DOM: Chromium lays the text out and we compare where the characters landed.
 */

type Box = { left: number; right: number };

/** Where each listed character of an element's text is drawn (the first occurrence of each). */
async function charBoxes(element: Locator, chars: string[]): Promise<Record<string, Box>> {
  return element.evaluate((el, wanted) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const found: Record<string, { left: number; right: number }> = {};
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const c of wanted) {
        const i = text.indexOf(c);
        if (i < 0 || found[c]) continue;
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + c.length);
        const r = range.getBoundingClientRect();
        found[c] = { left: r.left, right: r.right };
      }
    }
    return found;
  }, chars);
}

async function boxOf(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not laid out');
  return { left: b.x, right: b.x + b.width };
}

test('Arabic listing: a label stands right of its value, and ranges and user text keep their order', async ({ page, request }) => {
  // A listing whose card facts include a range such as "1–5 years" (the age of the building).
  const list = (await (await request.get('/api/get-property-list?limit=100&is_premium=0')).json()).data as {
    slug_id: string;
    parameters: { name: string; value: string | string[] }[];
  }[];
  const withRange = list.find((c) => c.parameters.some((p) => typeof p.value === 'string' && /^\d+–\d+/.test(p.value)));
  expect(withRange, 'a demo listing with a range parameter').toBeTruthy();
  const slug = withRange!.slug_id;

  await page.setViewportSize(DESKTOP);
  await page.goto(`/properties-details/${slug}?lang=ar`);
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  // The parameter table: the name (th) right of the value (td).
  const details = page.locator('section[aria-labelledby="details"]');
  const row = details.locator('tr').filter({ has: page.locator('td', { hasText: /\d+–\d+/ }) }).first();
  const [th, td] = [row.locator('th'), row.locator('td')];
  expect((await boxOf(th)).left).toBeGreaterThanOrEqual((await boxOf(td)).right - 1);

  // The range reads in its own text's direction: the lower bound first. "1–5 years" (Latin
  // script) has 1 left of 5 and the word right of both, never "years 5–1"; Arabic-script text
  // ("1–5 سنوات") has 1 right of 5.
  const value = (await td.innerText()).trim();
  const [, lo, hi] = /^(\d+)–(\d+)/.exec(value) ?? [];
  expect(lo).not.toEqual(hi);
  const chars = await charBoxes(td, [lo, '–', hi]);
  const arabic = /[\u0600-\u06ff]/.test(value);
  if (arabic) {
    expect(chars[lo].left).toBeGreaterThan(chars['–'].left);
    expect(chars['–'].left).toBeGreaterThan(chars[hi].left);
  } else {
    expect(chars[lo].right).toBeLessThanOrEqual(chars['–'].left + 0.5);
    expect(chars['–'].right).toBeLessThanOrEqual(chars[hi].left + 0.5);
    const word = /[A-Za-z]+/.exec(value)?.[0];
    if (word) {
      const wordBox = (await charBoxes(td, [word]))[word];
      expect(wordBox.left).toBeGreaterThan(chars[hi].right - 0.5);
    }
  }

  // A labelled number ("Bedrooms 3", "Area (sq ft) 1200"): the name right of the number, and
  // a name with its own brackets and digits drawn as one piece right of the value.
  const numberRow = details.locator('tr').filter({ has: page.locator('td', { hasText: /^\s*\d+\s*$/ }) }).first();
  const numberBox = await boxOf(numberRow.locator('td bdi'));
  const nameBox = await boxOf(numberRow.locator('th bdi'));
  expect(nameBox.left).toBeGreaterThan(numberBox.right);

  // An English description keeps its full stop at the end (the right), not at the start.
  const paragraph = page.locator('section[aria-labelledby="about"] p').first();
  const text = (await paragraph.innerText()).trim();
  if (/^[A-Za-z]/.test(text) && text.endsWith('.')) {
    await expect(paragraph).toHaveJSProperty('dir', 'auto');
    const box = await boxOf(paragraph);
    const first = (await charBoxes(paragraph, [text[0]]))[text[0]];
    expect(first.left - box.left).toBeLessThan(4);
  }

  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'listing-ar');
  await page.setViewportSize(PHONE);
  await shot(page, 'listing-ar');
});
