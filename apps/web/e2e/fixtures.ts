import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test as base } from '@playwright/test';

const SCREENS = path.resolve(import.meta.dirname, '..', '..', '..', 'test-results', 'screens');
fs.mkdirSync(SCREENS, { recursive: true });

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

/**
 * Screenshot into test-results/screens, named after the page and the viewport width: the whole
 * page when it is short enough to look at, else what the first screen shows.
 */
export async function shot(page: Page, name: string) {
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  // A face is fetched when text first needs it (a bold heading's Devanagari, say): until it
  // arrives the text shows as boxes, so wait for every face in flight before the picture.
  await page.waitForFunction(() => document.fonts.status === 'loaded' && [...document.fonts].every((f) => f.status !== 'loading'), null, { timeout: 5_000 }).catch(() => {});
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.screenshot({ path: path.join(SCREENS, `${name}-${width}.png`), fullPage: pageHeight <= height * 3 });
}

/** Fails on any serious or critical WCAG 2.x A/AA violation axe finds on the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
  expect(summary, `axe on ${page.url()}`).toEqual([]);
}

/** Pages are interactive once React has hydrated (root.tsx marks <html data-hydrated>). */
export async function waitForHydration(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * A browser's first visit may show the loading screen (components/Chrome.tsx) while the page
 * loads; journeys start as a returning visitor unless they are about the loading screen itself.
 */
export const test = base.extend<{ returningVisitor: boolean }>({
  returningVisitor: [true, { option: true }],
  page: async ({ page, returningVisitor }, use) => {
    if (returningVisitor) await page.addInitScript(() => localStorage.setItem('loading_screen_seen', '1'));
    await use(page);
  },
});

/** A session as the API answers it on log-in. */
export type Session = { token: string; data: { id: number; name: string | null } & Record<string, unknown> };

/** A new e-mail account, signed up and verified through the API (the code read from /dev/mailbox). */
export async function signUpByEmail(request: APIRequestContext, name: string, prefix = 'journey', password = 'Journey#12345'): Promise<Session & { email: string }> {
  const email = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  expect((await request.post('/api/user-register', { data: { name, email, password, re_password: password } })).ok()).toBe(true);
  let code: string | undefined;
  await expect
    .poll(async () => {
      const [message] = (await (await request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}&limit=1`)).json()).data as { body: string }[];
      code = message?.body.match(/\b(\d{6})\b/)?.[1];
      return code;
    })
    .toBeTruthy();
  const verified = await request.get(`/api/verify-otp?email=${encodeURIComponent(email)}&otp=${code}`);
  expect(verified.ok()).toBe(true);
  return { ...((await verified.json()) as Session), email };
}

/** A picture drawn by the browser itself (nothing from outside the machine): a house on a gradient, PNG or JPEG. */
export async function drawnPicture(page: Page, hue: number, type: 'image/png' | 'image/jpeg' = 'image/png'): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([h, mime]) => {
      const canvas = document.createElement('canvas');
      canvas.width = 480;
      canvas.height = 360;
      const ctx = canvas.getContext('2d')!;
      const gradient = ctx.createLinearGradient(0, 0, 480, 360);
      gradient.addColorStop(0, `hsl(${h} 55% 45%)`);
      gradient.addColorStop(1, `hsl(${(Number(h) + 50) % 360} 70% 75%)`);
      ctx.fillStyle = gradient;
      ctx.fillRect(0, 0, 480, 360);
      ctx.fillStyle = '#fff';
      ctx.fillRect(160, 150, 160, 130);
      ctx.beginPath();
      ctx.moveTo(140, 155);
      ctx.lineTo(240, 80);
      ctx.lineTo(340, 155);
      ctx.fill();
      return canvas.toDataURL(String(mime), 0.85);
    },
    [hue, type] as const,
  );
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

/** Puts a session in the browser's storage (`root`), as logging in does. */
export async function logInAs(page: Page, session: Session) {
  await page.goto('/');
  await page.evaluate((s) => localStorage.setItem('root', JSON.stringify({ user: { token: s.token, data: s.data } })), session);
}

export { expect };
