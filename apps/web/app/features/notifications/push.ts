import { call } from '../../lib/client.ts';

/** The spec's push service worker path (§7), kept so the original clients' registration works too. */
export const PUSH_WORKER = '/firebase-messaging-sw.js';

export type PushState = 'unsupported' | 'no-key' | 'denied' | 'off' | 'on';

/** Spec §5: a push key that is missing or shorter than 10 characters is skipped. */
export function isUsableKey(key: string | null | undefined): key is string {
  return typeof key === 'string' && key.length >= 10 && /^[A-Za-z0-9_-]+={0,2}$/.test(key);
}

/** A VAPID key (base64url) as the bytes PushManager.subscribe wants; null when it is not a valid P-256 public key (spec §8: push is then off). */
export function keyBytes(key: string): Uint8Array | null {
  try {
    const base64 = key.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(key.length / 4) * 4, '=');
    const raw = atob(base64);
    const bytes = Uint8Array.from(raw, (c) => c.charCodeAt(0));
    return bytes.length === 65 && bytes[0] === 4 ? bytes : null;
  } catch {
    return null;
  }
}

/** Where push stands in this browser, without asking anything. */
export async function pushState(key: string | null | undefined): Promise<PushState> {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  if (!isUsableKey(key) || !keyBytes(key)) return 'no-key';
  if (Notification.permission === 'denied') return 'denied';
  const registration = await navigator.serviceWorker.getRegistration(PUSH_WORKER);
  const subscription = await registration?.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

/**
 * Spec §4 "Push": asks for permission; when granted, registers the worker (a missing active one is
 * registered, §8), subscribes with the server's key and reports the subscription with the push-token
 * call. Denied or dismissed leaves notifications off.
 */
export async function enablePush(key: string): Promise<PushState> {
  const bytes = keyBytes(key);
  if (!bytes) return 'no-key';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const registration = (await navigator.serviceWorker.getRegistration(PUSH_WORKER)) ?? (await navigator.serviceWorker.register(PUSH_WORKER, { scope: '/' }));
  await navigator.serviceWorker.ready;
  const subscription = (await registration.pushManager.getSubscription()) ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes as BufferSource }));
  await call('update-fcm-id', null, { method: 'POST', body: { fcm_id: JSON.stringify(subscription.toJSON()) } });
  return 'on';
}

/** Stops pushes to this browser: the subscription ends and the server forgets it. */
export async function disablePush(): Promise<PushState> {
  const registration = await navigator.serviceWorker.getRegistration(PUSH_WORKER);
  await (await registration?.pushManager.getSubscription())?.unsubscribe();
  await call('update-fcm-id', null, { method: 'POST', body: {} });
  return 'off';
}
