// Messages to the platform (issue 16, decision 0014): a person writes about a listing the platform
// owns from its page, the demo administrator finds it in the console's inbox (menu badge, unread
// first), reads and answers it, and the person sees the answer arrive live as from the platform,
// with its unread badge. 390 and 1280 px, axe on the inbox and the conversation.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { DESKTOP, PHONE, expect, expectAccessible, logInAs, shot, signUpByEmail, test, waitForHydration } from './fixtures.ts';

type Session = { token: string; data: { id: number; name: string | null } };
type Card = { id: number; slug_id: string; title: string; is_premium: boolean };

const ADMIN = { type: 3, email: 'admin@gharbazaar.example.com', password: 'Admin@12345' };

async function newPerson(browser: Browser, baseURL: string | undefined): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP });
  await context.addInitScript(() => localStorage.setItem('loading_screen_seen', '1'));
  return { context, page: await context.newPage() };
}

test('a person writes to the platform about its listing, and the administrator answers from the console', async ({ browser, request, baseURL }) => {
  test.setTimeout(180_000);
  const personSide = await newPerson(browser, baseURL);
  const adminSide = await newPerson(browser, baseURL);
  const person = personSide.page;
  const console_ = adminSide.page;
  await person.goto('/');

  const admin = (await (await request.post('/api/user_signup', { data: ADMIN })).json()) as Session;
  const stamp = Date.now();
  const asker = (await signUpByEmail(request, `Meera Asker ${stamp}`, 'asker')) as Session;
  const platformListings = (await (await request.get('/api/agent-properties?is_admin=1&limit=50')).json()).data.properties_data as Card[];
  const listing = platformListings.find((p) => !p.is_premium)!;
  expect(listing, 'the demo has a platform listing that is not premium').toBeTruthy();

  // The platform's listing offers a chat with the platform itself: on a phone, in its contact bar.
  await logInAs(person, asker);
  await person.setViewportSize(PHONE);
  await person.goto(`/properties-details/${listing.slug_id}`);
  await waitForHydration(person);
  const contactBar = person.getByTestId('contact-bar');
  await contactBar.scrollIntoViewIfNeeded();
  await expect(contactBar.getByRole('button', { name: 'Chat with us' })).toBeVisible();
  expect(await person.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(person, 'admin-inbox-platform-listing');
  await contactBar.getByRole('button', { name: 'Chat with us' }).click();
  await expect(person).toHaveURL(new RegExp(`/user/chat\\?user=0&property=${listing.id}$`));
  await person.setViewportSize(DESKTOP);
  const thread = person.getByTestId('chat-thread');
  const question = `Can I visit on Saturday morning? (${stamp})`;
  const composer = person.getByRole('textbox', { name: 'Message' });
  await composer.fill(question);
  await composer.press('Enter');
  await expect(composer).toHaveValue('');
  await expect(thread.getByTestId('chat-message').filter({ hasText: question })).toBeVisible();
  // The person goes on elsewhere on the site; the socket brings the answer there.
  await person.goto('/');
  await waitForHydration(person);
  await expect(person.getByTestId('unread-badge')).toHaveCount(0);

  // The console: the menu's badge, the inbox with the conversation waiting, on a phone first.
  await logInAs(console_, admin);
  await console_.setViewportSize(PHONE);
  await console_.goto('/admin');
  await waitForHydration(console_);
  await expect(console_.getByTestId('inbox-badge')).toBeVisible();
  await expect(console_.getByTestId('queue-messages')).toBeVisible();
  await console_.getByRole('link', { name: /^Messages/ }).click();
  await expect(console_).toHaveURL(/\/admin\/messages$/);
  await console_.getByRole('searchbox', { name: 'Search by person, listing or message' }).fill(`Meera Asker ${stamp}`);
  await console_.getByRole('button', { name: 'Search', exact: true }).click();
  const row = console_.getByRole('link', { name: `Meera Asker ${stamp}` });
  await expect(row).toBeVisible();
  await expect(console_.getByRole('table').getByText('Waiting for an answer')).toBeVisible();
  await expect(console_.getByRole('table').getByText('1 unread')).toBeVisible();
  await shot(console_, 'admin-inbox');
  await expectAccessible(console_);
  expect(await console_.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await console_.setViewportSize(DESKTOP);
  await shot(console_, 'admin-inbox');

  // Opening it reads it; the answer goes as the platform.
  await row.click();
  await expect(console_.getByRole('heading', { name: `Conversation with Meera Asker ${stamp}` })).toBeVisible();
  await expect(console_.getByTestId('inbox-message').filter({ hasText: question })).toBeVisible();
  const answer = `Yes, Saturday at 10 works. Ask for Ravi at the gate. (${stamp})`;
  await console_.getByRole('textbox', { name: 'Answer as the platform' }).fill(answer);
  await console_.getByRole('button', { name: 'Send answer' }).click();
  await expect(console_.getByText('Reply sent', { exact: true }).first()).toBeVisible();
  await expect(console_.getByTestId('inbox-reply').filter({ hasText: answer })).toBeVisible();
  await shot(console_, 'admin-inbox-thread');
  await expectAccessible(console_);
  await console_.setViewportSize(PHONE);
  await shot(console_, 'admin-inbox-thread');
  expect(await console_.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // The person gets it live, unread, and reads it in their conversation with the platform.
  await expect(person.getByTestId('unread-badge')).toContainText('1');
  await person.goto('/user/chat');
  await waitForHydration(person);
  const chatRow = person.getByTestId('chat-row').filter({ hasText: listing.title });
  await expect(chatRow.getByTestId('chat-row-unread')).toContainText('1');
  await chatRow.click();
  await expect(person).toHaveURL(new RegExp(`/user/chat\\?user=0&property=${listing.id}$`));
  await expect(thread.getByTestId('chat-message').filter({ hasText: answer })).toBeVisible();
  await expect(person.getByTestId('unread-badge')).toHaveCount(0);
  await shot(person, 'admin-inbox-user-chat');

  // Answered: the inbox says so.
  await console_.goto('/admin/messages?q=' + encodeURIComponent(`Meera Asker ${stamp}`));
  await expect(console_.getByRole('table').getByText('Answered')).toBeVisible();

  // Without a listing: from the contact page, a general question; the inbox shows it as such.
  await person.goto('/contact-us');
  await waitForHydration(person);
  await person.setViewportSize(PHONE);
  await shot(person, 'admin-inbox-contact');
  await person.setViewportSize(DESKTOP);
  await person.getByRole('button', { name: 'Write to us in the chat' }).click();
  await expect(person).toHaveURL(/\/user\/chat\?user=0&property=0$/);
  await expect(thread.getByText('A general question')).toBeVisible();
  const general = `How do I list my own flat? (${stamp})`;
  await composer.fill(general);
  await composer.press('Enter');
  await expect(thread.getByTestId('chat-message').filter({ hasText: general })).toBeVisible();
  await shot(person, 'admin-inbox-general-chat');
  await console_.setViewportSize(DESKTOP);
  await console_.goto('/admin/messages?q=' + encodeURIComponent(general));
  await expect(console_.getByRole('table').getByText('No listing (a general question)')).toBeVisible();
  await console_.getByRole('link', { name: `Meera Asker ${stamp}` }).click();
  await expect(console_.getByText('No listing (a general question)')).toBeVisible();
  await expect(console_.getByTestId('inbox-message').filter({ hasText: general })).toBeVisible();
  await expectAccessible(console_);

  await personSide.context.close();
  await adminSide.context.close();
});
