import { DESKTOP, PHONE, expect, expectAccessible, logInAs, shot, test, waitForHydration } from './fixtures.ts';
import type { Session } from './listings.ts';

const ADMIN = { email: 'admin@gharbazaar.example.com', password: 'Admin@12345' };

/** HTML as a browser puts it on the clipboard when copying from another site: with a script, a handler and a javascript: link. */
const PASTED = [
  '<h2>Checklist for movers</h2>',
  '<p>Visit the flat <strong>twice</strong>, once at night.</p>',
  '<script>window.pwned = "script"; alert("pwned")</script>',
  '<img src="x" onerror="window.pwned = \'img\'">',
  '<p><a href="javascript:window.pwned = \'link\'">Read more</a></p>',
  '<ul><li>Check the water pressure</li><li>Ask about the society rules</li></ul>',
].join('');

test('the administrator publishes an article whose pasted HTML holds a script (the reader gets the text, no script), and edits a site text that visitors see at once', async ({ page, request }) => {
  const dialogs: string[] = [];
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto('/');
  const admin = (await (await request.post('/api/user_signup', { data: { type: 3, ...ADMIN } })).json()) as Session;
  await logInAs(page, admin);
  const title = `Moving checklist ${Date.now()}`;

  // Write the article on a phone: the title typed, the body pasted into the editor.
  await page.setViewportSize(PHONE);
  await page.goto('/admin/articles/new');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'New article', level: 1 })).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill(title);
  const editor = page.getByRole('textbox', { name: 'Article', exact: true });
  await editor.click();
  await editor.evaluate((el, html) => {
    const data = new DataTransfer();
    data.setData('text/html', html);
    data.setData('text/plain', 'Checklist for movers');
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, PASTED);
  await expect(editor.getByRole('heading', { name: 'Checklist for movers' })).toBeVisible();
  await expect(editor.getByText('Check the water pressure')).toBeVisible();
  await shot(page, 'admin-article-edit');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save article' }).click();

  await expect(page).toHaveURL(/\/admin\/articles$/);
  await page.getByRole('searchbox', { name: 'Search by title, slug or id' }).fill(title);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();
  await shot(page, 'admin-articles');
  await expectAccessible(page);
  await page.setViewportSize(DESKTOP);
  await shot(page, 'admin-articles');
  await expectAccessible(page);

  // The reader's page: the words and the list, and nothing of the script, the handler or the link's code.
  await page.getByRole('link', { name: `View ${title}` }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await waitForHydration(page);
  await expect(page.getByText('once at night')).toBeVisible();
  await expect(page.getByText('Ask about the society rules')).toBeVisible();
  const article = page.locator('.rich-text').filter({ hasText: 'once at night' });
  await expect(article.locator('script')).toHaveCount(0);
  expect(await article.innerHTML()).not.toMatch(/pwned|onerror|javascript:/i);
  expect(await page.evaluate(() => (window as unknown as { pwned?: string }).pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(errors).toEqual([]);
  // The stored article, as the API answers it, is clean too.
  const slug = page.url().split('/').pop()!;
  const stored = (await (await request.get('/api/get_articles', { params: { slug_id: slug } })).json()) as { data: { description: string }[] };
  expect(stored.data[0].description).not.toMatch(/<script|onerror|javascript:/i);

  // The about, terms and privacy pages in the same editor.
  await page.goto('/admin/pages');
  await expect(page.getByRole('textbox', { name: 'Terms and conditions' })).toBeVisible();
  await shot(page, 'admin-pages');
  await expectAccessible(page);

  // The catalogue's tables, at both widths.
  await page.goto('/admin/catalogue/categories');
  await expect(page.getByRole('heading', { name: 'Categories', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add a category' })).toBeVisible();
  await page.getByRole('button', { name: 'Add a category' }).click();
  await expect(page.getByRole('heading', { name: 'Add a category', level: 2 })).toBeVisible();
  await shot(page, 'admin-catalogue');
  await expectAccessible(page);
  await page.setViewportSize(PHONE);
  await shot(page, 'admin-catalogue');
  await expectAccessible(page);

  // A site text, edited in the browser, shows on the public page at once (no rebuild).
  await page.setViewportSize(DESKTOP);
  await page.goto('/admin/languages');
  await expect(page.getByRole('heading', { name: 'Languages', level: 1 })).toBeVisible();
  await shot(page, 'admin-languages');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Edit texts English' }).click();
  await page.getByRole('searchbox', { name: 'Search keys and texts' }).fill('aboutUs');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const text = page.getByRole('textbox', { name: 'Text for aboutUs' });
  await expect(text).toHaveValue('About us');
  await shot(page, 'admin-language-texts');
  await expectAccessible(page);
  const edited = `About this marketplace ${Date.now() % 1000}`;
  await text.fill(edited);
  await page.getByRole('button', { name: 'Save aboutUs' }).click();
  await expect(page.getByText('Text saved')).toBeVisible();

  await page.goto('/about-us');
  await expect(page.getByRole('heading', { name: edited, level: 1 })).toBeVisible();
  await page.setViewportSize(PHONE);
  await page.goto('/admin/languages');
  await shot(page, 'admin-languages');

  // Back to the shipped text: an emptied text removes the operator's own.
  const en = (await (await page.request.get('/api/admin/languages', { headers: { authorization: `Bearer ${admin.token}` } })).json()) as { data: { id: number; code: string }[] };
  const english = en.data.find((l) => l.code === 'en')!;
  const reset = await page.request.put(`/api/admin/languages/${english.id}/texts`, { headers: { authorization: `Bearer ${admin.token}` }, data: { texts: { aboutUs: '' } } });
  expect(reset.status()).toBe(200);
  await page.goto('/about-us');
  await expect(page.getByRole('heading', { name: 'About us', level: 1 })).toBeVisible();

  // A language added and deleted again, after the confirm dialog; English has no Delete.
  const made = await page.request.post('/api/admin/languages', { headers: { authorization: `Bearer ${admin.token}` }, data: { code: 'sw', name: 'Kiswahili', rtl: 0 } });
  expect(made.status()).toBe(200);
  await page.goto('/admin/languages');
  await expect(page.getByRole('button', { name: 'Delete English' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Delete Kiswahili' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this language and its texts?' });
  await expect(confirm).toBeVisible();
  await shot(page, 'admin-language-delete');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Language deleted')).toBeVisible();
  await expect(page.getByRole('cell', { name: /Kiswahili/ })).toHaveCount(0);

  // The console in Arabic, right to left, on a phone.
  await page.goto('/admin/catalogue/faqs?lang=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'الأسئلة الشائعة', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'إضافة سؤال' }).click();
  await expect(page.getByRole('heading', { name: 'إضافة سؤال', level: 2 })).toBeVisible();
  await shot(page, 'admin-faqs-ar');
  await expectAccessible(page);
});
