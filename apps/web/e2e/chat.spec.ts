import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import { DESKTOP, PHONE, expect, expectAccessible, logInAs, shot, signUpByEmail, test, waitForHydration } from './fixtures.ts';

type Session = { token: string; data: { id: number; name: string | null } };
type Listing = { id: number; slug_id: string; title: string };
type Category = { id: number; parameter_types: { id: number; type_of_parameter: string; type_values: string[] | null; is_required: number }[] };

// Chromium's fake microphone (a beeping tone) answers getUserMedia without asking.
test.use({ launchOptions: { executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'] } });

const auth = (s: Session) => ({ authorization: `Bearer ${s.token}` });
const ADMIN = { type: 3, email: 'admin@gharbazaar.example.com', password: 'Admin@12345' };

/** A PNG drawn by the browser itself: nothing from outside the machine. */
async function picture(page: Page, hue: number): Promise<Buffer> {
  const dataUrl = await page.evaluate((h) => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 200;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = `hsl(${h} 60% 50%)`;
    ctx.fillRect(0, 0, 320, 200);
    ctx.fillStyle = '#fff';
    ctx.fillRect(110, 70, 100, 80);
    return canvas.toDataURL('image/png');
  }, hue);
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

/** A new e-mail account (fixtures' sign-up) with the address and password a log-in form needs. */
async function signUp(request: APIRequestContext, name: string) {
  const password = 'Buyer#12345';
  const session = await signUpByEmail(request, name, 'buyer', password);
  return { session: session as Session, email: session.email, password };
}

/** The administrator's listings need no review: an approved listing with an owner (not the platform's). */
async function postListing(request: APIRequestContext, page: Page, owner: Session, title: string): Promise<Listing> {
  const categories = (await (await request.get('/api/get_categories?limit=100')).json()).data as Category[];
  const usable = categories.filter((c) => !c.parameter_types.some((p) => p.is_required && p.type_of_parameter === 'file'));
  const category = usable.sort((a, b) => a.parameter_types.filter((p) => p.is_required).length - b.parameter_types.filter((p) => p.is_required).length)[0];
  const fields: Record<string, string> = {};
  category.parameter_types
    .filter((p) => p.is_required)
    .forEach((p, i) => {
      fields[`parameters[${i}][parameter_id]`] = String(p.id);
      const first = p.type_values?.[0] ?? '';
      const value = p.type_of_parameter === 'number' ? '3' : ['dropdown', 'radiobutton', 'checkbox'].includes(p.type_of_parameter) ? first : 'Sea facing';
      fields[p.type_of_parameter === 'checkbox' ? `parameters[${i}][value][0]` : `parameters[${i}][value]`] = value;
    });
  const answer = await request.post('/api/post_property', {
    headers: auth(owner),
    multipart: {
      title,
      description: 'Bright two-bedroom flat, a short walk from the promenade.',
      category_id: String(category.id),
      property_type: '0',
      price: '8400000',
      city: 'Mumbai',
      state: 'Maharashtra',
      country: 'India',
      address: 'Carter Road, Bandra West',
      ...fields,
      title_image: { name: 'front.png', mimeType: 'image/png', buffer: await picture(page, 20) },
      'gallery_images[0]': { name: 'room.png', mimeType: 'image/png', buffer: await picture(page, 140) },
    },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()).data[0] as Listing;
}

async function newUser(browser: Browser, baseURL: string | undefined): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP });
  await context.grantPermissions(['microphone']);
  await context.addInitScript(() => localStorage.setItem('loading_screen_seen', '1'));
  return { context, page: await context.newPage() };
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test('two people chat live about a listing: message, unread badge, typing, read receipt, a picture, a voice note, delete and block', async ({ browser, request, baseURL }) => {
  test.setTimeout(180_000);
  const buyerSide = await newUser(browser, baseURL);
  const ownerSide = await newUser(browser, baseURL);
  const buyer = buyerSide.page;
  const owner = ownerSide.page;
  await buyer.goto('/');

  const admin = (await (await request.post('/api/user_signup', { data: ADMIN })).json()) as Session;
  const title = `Chat flat ${Date.now()}`;
  const listing = await postListing(request, buyer, admin, title);
  const signedUp = await signUp(request, 'Priya Buyer');

  // A visitor's "Chat with owner" goes to log in, and logging in comes back to the conversation (spec §8).
  await buyer.setViewportSize(PHONE);
  await buyer.goto(`/properties-details/${listing.slug_id}`);
  await waitForHydration(buyer);
  // On a phone it joins the contact bar at the bottom of the listing.
  const contactBar = buyer.getByTestId('contact-bar');
  await contactBar.scrollIntoViewIfNeeded();
  await expect(contactBar.getByRole('button', { name: 'Chat with owner' })).toBeVisible();
  await expectNoSidewaysScroll(buyer);
  await shot(buyer, 'chat-listing-contact');
  await contactBar.getByRole('button', { name: 'Chat with owner' }).click();
  await expect(buyer).toHaveURL(/\/login$/);
  await waitForHydration(buyer);
  await buyer.getByLabel('E-mail').fill(signedUp.email);
  await buyer.getByLabel('Password').fill(signedUp.password);
  await buyer.getByRole('button', { name: 'Log in' }).click();
  await expect(buyer).toHaveURL(new RegExp(`/user/chat\\?user=${admin.data.id}&property=${listing.id}$`));
  await buyer.setViewportSize(DESKTOP);
  const buyerThread = buyer.getByTestId('chat-thread');
  await expect(buyerThread.getByText(title)).toBeVisible();
  await expect(buyerThread.getByText('No messages yet. Say hello and ask about the listing.')).toBeVisible();

  // The owner is somewhere else on the site; the socket brings the unread badge there.
  await logInAs(owner, admin);
  await owner.goto('/');
  await waitForHydration(owner);
  await expect(owner.getByTestId('unread-badge')).toHaveCount(0);

  const composer = buyer.getByRole('textbox', { name: 'Message' });
  await composer.fill('Hello! Is the flat still available?');
  await composer.press('Enter');
  await expect(composer).toHaveValue('');
  const firstSent = buyerThread.getByTestId('chat-message').filter({ hasText: 'Is the flat still available?' });
  await expect(firstSent.getByTestId('receipt')).toHaveText('✓');
  await expect(owner.getByTestId('unread-badge')).toContainText('1');

  // The owner opens the conversation from the menu: reading it turns the buyer's tick to ✓✓.
  await owner.getByRole('button', { name: new RegExp((admin.data.name ?? 'admin').replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i') }).first().click();
  await owner.getByRole('link', { name: /Messages/ }).click();
  await expect(owner).toHaveURL(/\/user\/chat$/);
  const row = owner.getByTestId('chat-row').filter({ hasText: title });
  await expect(row.getByTestId('chat-row-unread')).toContainText('1');
  await expect(row).toContainText('Priya Buyer');
  await row.click();
  const ownerThread = owner.getByTestId('chat-thread');
  await expect(ownerThread.getByText('Hello! Is the flat still available?')).toBeVisible();
  await expect(firstSent.getByTestId('receipt')).toHaveText('✓✓');
  await expect(owner.getByTestId('unread-badge')).toHaveCount(0);

  // Typing shows on the other side, and goes once the reply is sent.
  const ownerComposer = owner.getByRole('textbox', { name: 'Message' });
  await ownerComposer.pressSequentially('Yes, it is', { delay: 40 });
  await expect(buyerThread.getByTestId('typing')).toHaveText('typing…');
  await ownerComposer.press('Enter');
  await expect(buyerThread.getByText('Yes, it is')).toBeVisible();
  await expect(buyerThread.getByTestId('typing')).toHaveCount(0);

  // A picture, shown inline on both sides.
  await buyer.getByLabel('Attach a picture or PDF').setInputFiles({ name: 'balcony.png', mimeType: 'image/png', buffer: await picture(buyer, 260) });
  await expect(buyer.getByTestId('chat-attachment')).toContainText('balcony.png');
  await composer.fill('The view from the balcony?');
  await buyer.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(ownerThread.getByTestId('chat-picture')).toBeVisible();
  await expect.poll(() => ownerThread.getByTestId('chat-picture').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);

  // A voice note from the fake microphone: recorded, sent, and played on the other side.
  await buyer.getByRole('button', { name: 'Record a voice note' }).click();
  await expect(buyer.getByTestId('recording-time')).toHaveText('0:01', { timeout: 5_000 });
  await buyer.waitForTimeout(700);
  await buyer.getByRole('button', { name: 'Send voice note' }).click();
  const ownerAudio = ownerThread.getByTestId('chat-audio');
  await expect(ownerAudio).toHaveCount(1);
  await expect.poll(() => ownerAudio.evaluate((a: HTMLAudioElement) => (Number.isFinite(a.duration) ? a.duration : 0)), { timeout: 15_000 }).toBeGreaterThan(1);
  await ownerAudio.evaluate((a: HTMLAudioElement) => {
    a.muted = true;
    return a.play();
  });
  await expect.poll(() => ownerAudio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0);
  await expect(buyerThread.getByTestId('chat-audio')).toHaveCount(1);

  // Screenshots of the list and the thread, at a phone's width and a desktop's.
  for (const viewport of [DESKTOP, PHONE]) {
    await owner.setViewportSize(viewport);
    await owner.goto('/user/chat');
    await waitForHydration(owner);
    await expect(owner.getByTestId('chat-row').first()).toBeVisible();
    await expectNoSidewaysScroll(owner);
    await shot(owner, 'chat-list');
    await expectAccessible(owner);
    await owner.getByTestId('chat-row').filter({ hasText: title }).click();
    await expect(ownerThread.getByTestId('chat-audio')).toBeVisible();
    await expectNoSidewaysScroll(owner);
    if (viewport === PHONE) {
      await expect(owner.getByTestId('chat-list')).toBeHidden();
      await expect(owner.getByRole('link', { name: 'Back to conversations' })).toBeVisible();
    }
    await shot(owner, 'chat-thread');
    await expectAccessible(owner);
  }
  // The phone's two screens: back to the list.
  await owner.getByRole('link', { name: 'Back to conversations' }).click();
  await expect(owner.getByTestId('chat-list')).toBeVisible();
  await owner.getByTestId('chat-row').filter({ hasText: title }).click();

  // Arabic: right to left, still no sideways scroll.
  await owner.goto(`/user/chat?user=${signedUp.session.data.id}&property=${listing.id}&lang=ar`);
  await waitForHydration(owner);
  await expect(owner.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(ownerThread.getByTestId('chat-audio')).toBeVisible();
  await expectNoSidewaysScroll(owner);
  await shot(owner, 'chat-thread-ar');
  await owner.goto('/user/chat?lang=en');
  await owner.setViewportSize(DESKTOP);
  await owner.goto(`/user/chat?user=${signedUp.session.data.id}&property=${listing.id}`);
  await waitForHydration(owner);

  // One's own message can be deleted after a confirmation; it goes on both sides.
  const doomed = buyerThread.getByTestId('chat-message').filter({ hasText: 'The view from the balcony?' });
  await doomed.getByRole('button', { name: 'Delete' }).click();
  await buyer.getByRole('dialog', { name: 'Delete this message?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(doomed).toHaveCount(0);
  await expect(ownerThread.getByText('The view from the balcony?')).toHaveCount(0);
  await expect(ownerThread.getByTestId('chat-message').filter({ hasText: 'Yes, it is' }).getByRole('button', { name: 'Delete' })).toBeVisible();
  await expect(ownerThread.getByTestId('chat-message').filter({ hasText: 'Is the flat still available?' }).getByRole('button', { name: 'Delete' })).toHaveCount(0);

  // Blocking: the owner's composer gives way to a note, and the buyer's next message is refused.
  await ownerThread.getByRole('button', { name: 'Block' }).click();
  await owner.getByRole('dialog', { name: /^Block / }).getByRole('button', { name: 'Block' }).click();
  await expect(owner.getByTestId('chat-blocked-note')).toHaveText('You blocked this person. Unblock them to send messages.');
  await expect(owner.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  await composer.fill('Can I visit on Saturday?');
  await composer.press('Enter');
  await expect(buyer.getByTestId('chat-blocked-note')).toHaveText('You cannot message this person.');
  await ownerThread.getByRole('button', { name: 'Unblock' }).click();
  await expect(owner.getByRole('textbox', { name: 'Message' })).toBeVisible();

  // A long conversation opens at its newest page; scrolling up loads the earlier ones.
  for (let i = 1; i <= 16; i++) {
    const sent = await request.post('/api/send_message', { headers: auth(signedUp.session), data: { receiver_id: admin.data.id, property_id: listing.id, message: `Question ${i}` } });
    expect(sent.ok(), await sent.text()).toBe(true);
  }
  await owner.reload();
  await waitForHydration(owner);
  await expect(ownerThread.getByText('Question 16')).toBeVisible();
  await expect(ownerThread.getByText('Hello! Is the flat still available?')).toHaveCount(0);
  await owner.getByTestId('chat-messages').evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(ownerThread.getByText('Hello! Is the flat still available?')).toBeVisible();
  await expect(ownerThread.getByTestId('chat-message').first()).toContainText('Hello! Is the flat still available?');

  await buyerSide.context.close();
  await ownerSide.context.close();
});
