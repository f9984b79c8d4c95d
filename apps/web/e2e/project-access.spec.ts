import { DESKTOP, PHONE, expect, expectAccessible, logInAs, shot, signUpByEmail, test, waitForHydration } from './fixtures.ts';

type ProjectAnswer = { slug_id: string; title: string; plans: { title: string }[]; documents: unknown[]; project_access_locked: boolean };

test('project access (spec §4/§5/§8): a visitor sees the teaser and logs in to come back, a user without the feature gets the pop-up to the plans, an entitled user sees the whole project', async ({ page, request }) => {
  const admin = await (await request.post('/api/user_signup', { data: { type: 3, email: 'admin@gharbazaar.example.com', password: 'Admin@12345' } })).json();
  const asAdmin = { authorization: `Bearer ${admin.token}` };
  const projects = (await (await request.get('/api/get-projects?limit=50', { headers: asAdmin })).json()).data as ProjectAnswer[];
  const project = projects.find((p) => p.plans.length && p.documents.length)!;
  expect(project, 'the demo market has projects with plans and documents').toBeTruthy();
  const visitorAnswer = (await (await request.get(`/api/get-project-detail?slug_id=${project.slug_id}`)).json()).data as ProjectAnswer;
  expect(visitorAnswer).toMatchObject({ project_access_locked: true, plans: [], documents: [] });

  // A visitor: the teaser, with the way in being to log in.
  await page.setViewportSize(PHONE);
  await page.goto(`/project-details/${project.slug_id}`);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: project.title })).toBeVisible();
  const lock = page.getByTestId('project-lock');
  await expect(lock).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Floor plans' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Documents' })).toHaveCount(0);
  await shot(page, 'project-teaser');
  await expectAccessible(page);

  // Logging in brings the user back to the project; without project access the §8 pop-up opens by itself.
  const user = await signUpByEmail(request, 'Project Browser', 'project-access');
  await lock.getByRole('button', { name: 'Log in to see the whole project' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await waitForHydration(page);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password').fill('Journey#12345');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`/project-details/${project.slug_id}$`));
  const dialog = page.getByRole('dialog', { name: 'Feature not available' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('feature-unavailable-message')).toHaveText('Project access limit or package not available');
  await shot(page, 'project-access-popup');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('project-lock')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Floor plans' })).toHaveCount(0);
  // The teaser's button opens the same pop-up, whose confirmation leads to the plans.
  await page.getByTestId('project-lock').getByRole('button', { name: 'See plans' }).click();
  await dialog.getByRole('button', { name: 'See plans' }).click();
  await expect(page).toHaveURL(/\/subscription-plan$/);

  // An entitled viewer (the administrator) sees the plans and documents once the page asked again with the session.
  await page.setViewportSize(DESKTOP);
  await logInAs(page, admin);
  await page.goto(`/project-details/${project.slug_id}`);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Floor plans' })).toBeVisible();
  await expect(page.getByTestId('project-lock')).toHaveCount(0);
  for (const plan of project.plans) await expect(page.getByText(plan.title, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();
  await shot(page, 'project-entitled');
});
