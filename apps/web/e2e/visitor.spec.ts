import { DESKTOP, expect, expectAccessible, logInAs, PHONE, shot, signUpByEmail, test, waitForHydration } from './fixtures.ts';

test('home → filter → results → detail, and the shared URL restores the filters', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shot(page, 'home');
  await expectAccessible(page);

  // The home search leads to the listing page with the words in the URL.
  const hero = page.getByRole('search').first();
  await hero.getByLabel('Property type').selectOption({ label: 'Rent' });
  await hero.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/properties\?.*property_type=1/);
  await expect(page.getByRole('heading', { level: 1, name: 'Properties' })).toBeVisible();

  // Narrow further on the listing page; the sort applies as soon as it is chosen.
  const filters = page.getByRole('search', { name: 'Filters' });
  await filters.getByLabel('City').fill('Pune');
  await filters.getByRole('button', { name: /^Show \d+ propert/ }).click();
  await expect(page).toHaveURL(/city=Pune/);
  await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/sort_by=price_asc/);
  await expect(page.locator('main article a[href^="/properties-details/"]').first()).toBeVisible();
  await expect(page.locator('main article').first()).toContainText('Pune');
  const shared = page.url();
  await shot(page, 'search');
  await expectAccessible(page);

  // A shared link restores every filter in a new page.
  const other = await page.context().newPage();
  await other.goto(shared);
  const restored = other.getByRole('search', { name: 'Filters' });
  await expect(restored.getByLabel('City')).toHaveValue('Pune');
  await expect(restored.getByRole('radio', { name: 'Rent' })).toBeChecked();
  await expect(other.getByLabel('Sort by')).toHaveValue('price_asc');
  await other.close();

  // Open the first result.
  const href = await page.locator('main a[href^="/properties-details/"]').first().getAttribute('href');
  await page.locator('main a[href^="/properties-details/"]').first().click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/Pune/).first()).toBeVisible();
  await shot(page, 'property-detail');
  await expectAccessible(page);
});

test("the site's links navigate within the page once it is interactive, and leave new tabs and windows to the browser", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await waitForHydration(page);
  // A mark that a new document would not have: every step below keeps it.
  const samePage = () => page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true);
  await page.evaluate(() => ((window as unknown as { stayed?: boolean }).stayed = true));

  // A featured card's title opens its listing; back returns home.
  const card = page.locator('section[aria-labelledby="featured"] article a[href^="/properties-details/"]').first();
  const listing = await card.getAttribute('href');
  await card.click();
  await expect(page).toHaveURL(new RegExp(`${listing}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await samePage()).toBe(true);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  expect(await samePage()).toBe(true);

  // The banner's link, to a page of this site, opens it the same way.
  const promo = page.getByTestId('promo-link');
  const promoted = await promo.getAttribute('href');
  await promo.click();
  await expect(page).toHaveURL(new RegExp(`${promoted?.replace(/[?]/g, '\\?')}$`));
  expect(await samePage()).toBe(true);
  await page.goBack();

  // A category's tile opens its results, whose chip removes the category again.
  await page.locator('section[aria-labelledby="categories"] a[href^="/properties?category_id="]').first().click();
  await expect(page).toHaveURL(/\/properties\?category_id=\d+$/);
  expect(await samePage()).toBe(true);
  await page.getByTestId('chip-category_id').click();
  await expect(page).toHaveURL(/\/properties$/);
  expect(await samePage()).toBe(true);

  // The header's links mark the section shown, on the server and after each navigation.
  const header = page.getByRole('navigation', { name: 'Main' });
  await expect(header.getByRole('link', { name: 'Properties' })).toHaveAttribute('aria-current', 'page');
  await expect(header.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  await header.getByRole('link', { name: 'Agents' }).click();
  await expect(page).toHaveURL(/\/agents$/);
  await expect(header.getByRole('link', { name: 'Agents' })).toHaveAttribute('aria-current', 'page');
  await expect(header.getByRole('link', { name: 'Properties' })).not.toHaveAttribute('aria-current');
  expect(await samePage()).toBe(true);

  // A link to the page shown replaces its history entry rather than adding one.
  const entries = await page.evaluate(() => history.length);
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQs' }).click();
  await expect(page).toHaveURL(/\/faqs$/);
  const afterFaqs = await page.evaluate(() => history.length);
  expect(afterFaqs).toBe(entries + 1);
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQs' }).click();
  await expect(page).toHaveURL(/\/faqs$/);
  expect(await page.evaluate(() => history.length)).toBe(afterFaqs);
  expect(await samePage()).toBe(true);

  // Ctrl-click is the browser's: the card opens in a new tab and this page stays.
  await page.goto('/properties');
  await waitForHydration(page);
  const title = page.locator('main article a[href^="/properties-details/"]').first();
  const opened = page.context().waitForEvent('page');
  await title.click({ modifiers: ['Control'] });
  const tab = await opened;
  await expect(tab).toHaveURL(new RegExp(`${await title.getAttribute('href')}$`));
  await expect(page).toHaveURL(/\/properties$/);
  await tab.close();
});

test("the browser's first render agrees with the server's, for a visitor and for a signed-in user", async ({ page, request }) => {
  // The server renders every page for a visitor, some parts with no hooks at all (hearts, marks,
  // the filters' count: decision 18); React reports any difference when it hydrates.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|#418|#423|#425/i.test(message.text())) errors.push(message.text());
  });
  const [card] = (await (await request.get('/api/get-property-list?limit=1&is_premium=0')).json()).data as { slug_id: string }[];
  const pages = ['/', '/properties?property_type=1&city=Pune&bedrooms=2', '/properties?view=list', `/properties-details/${card.slug_id}`];
  await page.setViewportSize(PHONE);
  for (const path of pages) {
    await page.goto(path);
    await waitForHydration(page);
    expect(errors, `${path} as a visitor`).toEqual([]);
  }
  await logInAs(page, await signUpByEmail(request, 'Hydration Check', 'hydration'));
  for (const path of pages) {
    await page.goto(path);
    await waitForHydration(page);
    expect(errors, `${path} signed in`).toEqual([]);
  }
});

test('the filter panel and the result views work from the keyboard alone', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/properties');
  await waitForHydration(page);
  const filters = page.getByRole('search', { name: 'Filters' });
  // Arrows choose in the rent / buy switch; Tab moves through the panel in reading order; Space ticks a box.
  await filters.getByRole('radio', { name: 'Any' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(filters.getByRole('radio', { name: 'Buy' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(filters.getByLabel('Search')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(filters.getByLabel('City')).toBeFocused();
  await page.keyboard.type('Mumbai');
  await page.keyboard.press('Tab');
  await expect(filters.getByLabel('Category')).toBeFocused();
  await filters.getByText('More filters: rooms, floors, facilities').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(filters.getByLabel('Bedrooms')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(filters.getByLabel('Bedrooms')).toHaveValue('2');
  const facility = filters.getByRole('checkbox').first();
  await facility.focus();
  await page.keyboard.press('Space');
  await expect(facility).toBeChecked();
  const facilityId = await facility.getAttribute('value');
  await filters.getByRole('button', { name: /^Show \d+ propert/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/property_type=0/);
  await expect(page).toHaveURL(/city=Mumbai/);
  await expect(page).toHaveURL(/bedrooms=2/);
  await expect(page).toHaveURL(new RegExp(`facility_ids=${facilityId}`));
  await expect(page.getByTestId('result-count')).toBeVisible();

  // The view switch and the map tools are links and buttons a keyboard reaches.
  await page.getByRole('link', { name: 'Map' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/view=map/);
  await expect(page.getByTestId('properties-map')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  const group = page.getByTestId('map-cluster').or(page.getByTestId('map-marker')).first();
  await group.focus();
  await expect(group).toBeFocused();
  await page.getByTestId('map-draw-toggle').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('map-draw-toggle')).toHaveText('Stop drawing');
});

test('every public page at phone and desktop widths: nothing sideways, no serious axe finding', async ({ page }) => {
  test.setTimeout(240_000);
  const first = async (path: string) => (await (await page.request.get(path)).json()).data[0];
  const card = await first('/api/get-property-list?limit=1&is_premium=0');
  const project = await first('/api/get-projects?limit=1');
  const article = await first('/api/get_articles?limit=1');
  const agent = await first('/api/agent-list?limit=1');
  const pages = [
    ['/', 'home'],
    ['/properties?property_type=0', 'search'],
    ['/properties?view=list', 'search-list'],
    [`/properties-details/${card.slug_id}`, 'property-detail'],
    ['/projects', 'projects'],
    [`/project-details/${project.slug_id}`, 'project-detail'],
    ['/articles', 'articles'],
    [`/article-details/${article.slug_id}`, 'article-detail'],
    ['/agents', 'agents'],
    [`/agent-details/${agent.slug_id}`, 'agent-detail'],
    ['/cities', 'cities'],
    ['/faqs', 'faqs'],
    ['/contact-us', 'contact'],
    ['/about-us', 'about'],
    ['/terms-and-conditions', 'terms'],
    ['/privacy-policy', 'privacy'],
  ] as const;
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    for (const [path, name] of pages) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await waitForHydration(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} at ${size.width} px`).toBeLessThanOrEqual(size.width);
      await shot(page, name);
      await expectAccessible(page);
    }
  }
  // The phone menu opens and leads on.
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await waitForHydration(page);
  await page.getByText('Menu', { exact: true }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agents' }).click();
  await expect(page).toHaveURL(/\/agents$/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agents' })).toBeHidden();
});

test('Arabic lays the whole site out right-to-left', async ({ page }) => {
  await page.goto('/?lang=ar');
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  // The logo sits on the right in a right-to-left page.
  const logo = await page.getByRole('banner').getByRole('link').first().boundingBox();
  expect(logo!.x).toBeGreaterThan(DESKTOP.width / 2 - 100);
  // The choice sticks (cookie) as the visitor moves on.
  await page.goto('/properties');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await shot(page, 'search-ar');
  await page.goto('/?lang=en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

test("a language's texts come once in their own script, not in every page, and client-rendered pages use them", async ({ page, request }) => {
  const textsAnswers: string[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.startsWith('/texts/')) textsAnswers.push(r.url());
  });
  await page.setViewportSize(DESKTOP);
  await page.goto('/?lang=hi');
  await waitForHydration(page);
  // The page's HTML names the texts; it does not carry them (a key only the dictionary would spell).
  const html = await (await request.get('/?lang=hi')).text();
  expect(html).toMatch(/<script src="\/texts\/hi\.[a-z0-9]+\.js" defer=""/);
  expect(html).not.toContain('skipToContent');
  expect(textsAnswers).toHaveLength(1);
  // The results page is drawn in the browser after a client navigation, in Hindi.
  await page.getByRole('navigation', { name: 'मुख्य मेनू' }).getByRole('link', { name: 'संपत्तियाँ', exact: true }).click();
  await expect(page).toHaveURL(/\/properties$/);
  await expect(page.getByRole('heading', { level: 1, name: 'संपत्तियाँ' })).toBeVisible();
  // The script is kept for a year: its name changes when the texts do.
  const script = await request.get(textsAnswers[0]);
  expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(await script.text()).toContain('मुख्य सामग्री पर जाएँ');
  await page.goto('/?lang=en');
});

test('a missing listing shows the 404 page', async ({ page }) => {
  const response = await page.goto('/properties-details/no-such-listing-anywhere');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
  await shot(page, 'not-found');
  await expectAccessible(page);
});

test('a crashing component shows the error screen, and Refresh Page recovers', async ({ page }) => {
  await page.goto('/properties');
  await waitForHydration(page);
  // The listing page's code, as the browser loads it on navigation, throws while rendering.
  await page.route(/\/assets\/property-detail-[\w-]+\.js$/, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'export default function Broken() { throw new Error("render failure"); }' }),
  );
  await page.locator('main a[href^="/properties-details/"]').first().click();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByText('An unexpected error occurred. Please try refreshing the page.')).toBeVisible();
  await shot(page, 'error-screen');
  await page.unroute(/\/assets\/property-detail-[\w-]+\.js$/);
  await page.getByRole('button', { name: 'Refresh Page' }).click();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
