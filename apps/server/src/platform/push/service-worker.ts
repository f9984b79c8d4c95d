/**
 * The push service worker, at the spec's path `/firebase-messaging-sw.js` so the original web
 * client's registration keeps working. It shows each Web Push (`{title, body, url}`) and opens
 * its page on a click — a path on this site only, never another origin.
 */
export const PUSH_SERVICE_WORKER = `'use strict';
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (e) {
    data = { body: event.data ? event.data.text() : '' };
  }
  const url = typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//') ? data.url : '/';
  event.waitUntil(
    self.registration.showNotification(typeof data.title === 'string' && data.title ? data.title : 'New notification', {
      body: typeof data.body === 'string' ? data.body : '',
      data: { url },
      tag: url,
    }),
  );
});
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const w of windows) if (w.url === target && 'focus' in w) return w.focus();
      return self.clients.openWindow(target);
    }),
  );
});
`;
