import { DESKTOP, PHONE, expect, expectAccessible, logInAs, shot, signUpByEmail, test, waitForHydration } from './fixtures.ts';

test('a new account holds the sign-up package: My package shows what is left, and a missing feature’s pop-up leads to the plans', async ({ page, request }) => {
  const session = await signUpByEmail(request, 'Neha Kulkarni', 'packages');
  await logInAs(page, session);

  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto('/user/profile');
    await waitForHydration(page);
    const panel = page.getByTestId('my-package');
    await expect(panel.getByRole('heading', { name: 'My package' })).toBeVisible();
    // The demo's sign-up package: two listings and the full mortgage breakdown, for 30 days.
    await expect(panel.getByRole('heading', { name: 'Free' })).toBeVisible();
    const ends = new Date(Date.now() + 720 * 3_600_000).toLocaleDateString('en', { day: 'numeric', month: 'long', year: 'numeric' });
    await expect(panel.getByText(`until ${ends}`, { exact: true })).toBeVisible();
    await expect(panel.getByTestId('left-property_list')).toHaveText('2 of 2 left');
    await expect(panel.getByTestId('left-mortgage_calculator_detail')).toHaveText('Unlimited');
    await expect(panel.getByRole('button', { name: /^Get it/ })).toHaveCount(5);
    await panel.scrollIntoViewIfNeeded();
    await shot(page, 'my-package');
    await expectAccessible(page);

    // A feature the package lacks: the server is asked, says no, and the pop-up names that feature.
    const asked = page.waitForResponse((r) => r.url().includes('/api/check-package-limit?type=property_feature'));
    await panel.getByRole('button', { name: 'Get it: Featured properties' }).click();
    expect((await (await asked).json()).data).toEqual({ package_available: true, feature_available: false, limit_available: false });
    const dialog = page.getByRole('dialog', { name: 'Feature not available' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('feature-unavailable-message')).toHaveText('Property feature limit or package not available');
    await shot(page, 'feature-unavailable');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  }

  // Each type has its own message; confirming goes to the plans page.
  const panel = page.getByTestId('my-package');
  await panel.getByRole('button', { name: 'Get it: Project access' }).click();
  const dialog = page.getByRole('dialog', { name: 'Feature not available' });
  await expect(dialog.getByTestId('feature-unavailable-message')).toHaveText('Project access limit or package not available');
  await dialog.getByRole('button', { name: 'See plans' }).click();
  await expect(page).toHaveURL(/\/subscription-plan$/);
});

test('My package and the feature pop-up in Hindi', async ({ page, request }) => {
  const session = await signUpByEmail(request, 'Neha Kulkarni', 'packages');
  await logInAs(page, session);
  await page.setViewportSize(PHONE);
  await page.goto('/user/profile?lang=hi');
  await waitForHydration(page);
  const panel = page.getByTestId('my-package');
  await expect(panel.getByRole('heading', { name: 'मेरा पैकेज' })).toBeVisible();
  await expect(panel.getByTestId('left-property_list')).toHaveText('2 में से 2 बाकी');
  await panel.getByRole('button', { name: 'पाएँ: प्रोजेक्ट लिस्टिंग' }).click();
  const dialog = page.getByRole('dialog', { name: 'सुविधा उपलब्ध नहीं है' });
  await expect(dialog.getByTestId('feature-unavailable-message')).toHaveText('प्रोजेक्ट लिस्टिंग की सीमा या पैकेज उपलब्ध नहीं है');
  await shot(page, 'feature-unavailable-hi');
  await expectAccessible(page);
});
