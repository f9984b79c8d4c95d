import { DESKTOP, PHONE, expect, expectAccessible, logInAs, shot, signUpByEmail, test, waitForHydration } from './fixtures.ts';

type Card = { slug_id: string; title: string; price: number };
type Year = { year: number; principal_amount: number; payable_interest: number; remaining_balance: number; monthly_totals: unknown[] };

test('the detailed mortgage breakdown (spec §4/§5/§8 mortgage_calculator_detail): a visitor logs in and comes back, a user with the feature sees the schedule (counted), a user without it gets the pop-up to the plans', async ({ page, request }) => {
  const [listing] = (await (await request.get('/api/get-property-list?limit=1&property_type=0&is_premium=0')).json()).data as Card[];
  expect(listing, 'the demo market has a listing for sale').toBeTruthy();

  // A visitor: the instalment as ever, and the breakdown behind logging in.
  await page.setViewportSize(PHONE);
  await page.goto(`/properties-details/${listing.slug_id}`);
  await waitForHydration(page);
  const calculator = page.getByTestId('mortgage-calculator');
  await calculator.scrollIntoViewIfNeeded();
  await expect(calculator.getByText('Log in to see the breakdown; it is part of some plans.')).toBeVisible();
  const user = await signUpByEmail(request, 'Loan Planner', 'mortgage');
  const auth = { authorization: `Bearer ${user.token}` };
  // The demo's sign-up package holds the breakdown.
  const limit = (await (await request.get('/api/check-package-limit?type=mortgage_calculator_detail', { headers: auth })).json()).data;
  expect(limit).toMatchObject({ package_available: true, feature_available: true });
  await calculator.getByRole('button', { name: 'Show the year-by-year breakdown' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await waitForHydration(page);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password').fill('Journey#12345');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`/properties-details/${listing.slug_id}$`));
  await waitForHydration(page);

  // Logged in with the feature: the server's schedule, one line a year, each opening on its months.
  const used = async () =>
    ((await (await request.get('/api/get-package', { headers: auth })).json()).active_packages as { features: { name: string; used_limit: number }[] }[])
      .flatMap((p) => p.features)
      .filter((f) => f.name === 'mortgage_calculator_detail')
      .reduce((sum, f) => sum + f.used_limit, 0);
  const usedBefore = await used();
  await calculator.scrollIntoViewIfNeeded();
  await calculator.getByRole('button', { name: 'Show the year-by-year breakdown' }).click();
  const years = calculator.getByTestId('mortgage-years');
  await expect(years.locator('li')).toHaveCount(20);
  const price = Math.round(listing.price);
  const expected = (
    await (
      await request.get(`/api/mortgage-calculator?loan_amount=${price}&down_payment=${Math.round(price * 0.2)}&interest_rate=8.5&loan_term_years=20&show_all_details=1`, { headers: auth })
    ).json()
  ).data.yearly_totals as Year[];
  expect(expected).toHaveLength(20);
  expect(expected[19].remaining_balance).toBe(0);
  // The page shows the server's figures: the last year leaves nothing to pay, and its interest is the server's.
  const lastLine = years.locator('li').last().locator('summary');
  await expect(lastLine).toContainText('Year 20');
  await expect(lastLine).toContainText(/Left ₹0(\.00)?$/);
  const shownInterest = (await lastLine.innerText()).match(/Interest ₹([\d,.]+)/)?.[1].replace(/,/g, '');
  expect(Number(shownInterest)).toBeCloseTo(expected[19].payable_interest, 2);
  await years.locator('summary').first().click();
  await expect(years.locator('li').first().locator('tbody tr')).toHaveCount(12);
  // Nothing pushes the page sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await shot(page, 'mortgage-breakdown');
  await expectAccessible(page);
  // The page's request and this test's were each counted on the package.
  expect(await used()).toBe(usedBefore + 2);
  // Changing an input asks again, on a button (each breakdown is one use).
  await calculator.getByLabel('Term (years)').fill('10');
  await calculator.getByRole('button', { name: 'Update the year-by-year breakdown' }).click();
  await expect(years.locator('li')).toHaveCount(10);

  // The administrator holds no package, yet reads every gated feature (issue 16): the breakdown shows.
  const admin = await (await request.post('/api/user_signup', { data: { type: 3, email: 'admin@gharbazaar.example.com', password: 'Admin@12345' } })).json();
  await page.setViewportSize(DESKTOP);
  await logInAs(page, admin);
  await page.goto(`/properties-details/${listing.slug_id}`);
  await waitForHydration(page);
  await calculator.scrollIntoViewIfNeeded();
  await calculator.getByRole('button', { name: 'Show the year-by-year breakdown' }).click();
  await expect(years.locator('li')).toHaveCount(20);

  // Someone without the feature: every demo account and every sign-up holds it, so the server's
  // refusal (compatibility.test: 403 feature_unavailable for a user with no package) is given to the
  // page as the server words it: the §8 pop-up, leading to the plans.
  await page.route('**/api/mortgage-calculator?**', (route) =>
    route.request().url().includes('show_all_details=1')
      ? route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ error: true, message: 'Mortgage calculator limit or package not available', code: 'feature_unavailable', feature: 'mortgage_calculator_detail' }) })
      : route.continue(),
  );
  await page.reload();
  await waitForHydration(page);
  await calculator.scrollIntoViewIfNeeded();
  await calculator.getByRole('button', { name: 'Show the year-by-year breakdown' }).click();
  const dialog = page.getByRole('dialog', { name: 'Feature not available' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('feature-unavailable-message')).toHaveText('Mortgage calculator limit or package not available');
  await expect(calculator.getByTestId('mortgage-years')).toHaveCount(0);
  await shot(page, 'mortgage-breakdown-refused');
  await dialog.getByRole('button', { name: 'See plans' }).click();
  await expect(page).toHaveURL(/\/subscription-plan$/);
});
