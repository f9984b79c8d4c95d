import { DESKTOP, PHONE, expect, expectAccessible, logInAs, shot, signUpByEmail, test, waitForHydration } from './fixtures.ts';

// Issue 15: the notifications page lists what a user was told, and the push service worker at the
// spec's path shows a Web Push and opens its page. Headless Chromium has no push service to
// subscribe to offline, so the push is delivered to the worker through the DevTools protocol — the
// same event a push service would raise; the server's side of Web Push is tested against a local
// stand-in (apps/server/test/push.test.ts).
test('the notifications page lists a purchase and offers push; the push worker shows a push', async ({ page, request, context }) => {
  const fan = await signUpByEmail(request, 'Rohan Mehta', 'notices');
  const auth = { authorization: `Bearer ${fan.token}` };
  // Favourite a live listing, then buy the cheapest plan in the sandbox: two notices.
  const listing = (await (await request.get('/api/get-property-list?limit=1')).json()).data[0] as { id: number; slug_id: string; title: string };
  expect((await request.post('/api/add_favourite', { headers: auth, data: { property_id: listing.id, type: 1 } })).ok()).toBe(true);
  const packages = (await (await request.get('/api/get-package')).json()).data as { id: number; package_type: string }[];
  const paid = packages.find((p) => p.package_type === 'paid')!;
  const intent = (await (await request.post('/api/create-payment-intent', { headers: auth, data: { package_id: paid.id, payment_method: 'sandbox' } })).json()).data.payment_intent;
  const paidAnswer = await request.post('/api/sandbox-pay', { headers: auth, data: { payment_transaction_id: intent.payment_transaction_id, card_number: '4242424242424242', expiry: '12/39', cvc: '123' } });
  expect((await paidAnswer.json()).data.payment_status).toBe('success');

  await page.setViewportSize(PHONE);
  await logInAs(page, fan);
  await page.goto('/user/notifications');
  await waitForHydration(page);
  const list = page.getByTestId('notification-list');
  await expect(list.getByText('Package purchased')).toBeVisible();
  await expect(page.getByTestId('push-toggle')).toHaveAttribute('data-state', /off|denied|unsupported|no-key/);
  await expectAccessible(page);
  await shot(page, 'notifications');
  await page.setViewportSize(DESKTOP);
  await shot(page, 'notifications');

  // The worker at the spec's path registers and shows a push with its page in the data. The
  // permission is granted first and the push goes only to a worker DevTools reports activated, so
  // showNotification never runs before either is in place (the stop-22 CI run saw no notification once).
  await context.grantPermissions(['notifications']);
  await expect.poll(() => page.evaluate(() => Notification.permission)).toBe('granted');
  const worker = await page.request.get('/firebase-messaging-sw.js');
  expect(worker.headers()['content-type']).toContain('javascript');
  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  const activated = new Set<string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const r of updated as { registrationId: string; scopeURL: string; isDeleted: boolean }[]) {
      if (r.isDeleted) registrations.delete(r.registrationId);
      else registrations.set(r.registrationId, r.scopeURL);
    }
  });
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const v of versions as { registrationId: string; status: string }[]) if (v.status === 'activated') activated.add(v.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/firebase-messaging-sw.js', { scope: '/' });
    await navigator.serviceWorker.ready;
  });
  const origin = new URL(page.url()).origin;
  await expect.poll(() => [...registrations].filter(([id, scope]) => scope === `${origin}/` && activated.has(id)).length).toBe(1);
  const registrationId = [...registrations].find(([id, scope]) => scope === `${origin}/` && activated.has(id))![0];
  // DevTools hands the push over without saying whether the worker got it, and two full runs in
  // five saw nothing shown (permission granted, worker activated): a push not shown within a few
  // seconds is handed over again. The same tag means one notification however many arrive.
  const push = { origin, registrationId, data: JSON.stringify({ title: 'Price reduced', body: `${listing.title} is now cheaper.`, url: `/properties-details/${listing.slug_id}` }) };
  await expect
    .poll(
      async () => {
        const shown = await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, url: (n.data as { url: string }).url })));
        if (!shown.length) await cdp.send('ServiceWorker.deliverPushMessage', push);
        return shown;
      },
      { timeout: 20_000, intervals: [3_000] },
    )
    .toEqual([{ title: 'Price reduced', url: `/properties-details/${listing.slug_id}` }]);
});
