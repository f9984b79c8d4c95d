import webpush from 'web-push';

/** A browser's push subscription, as PushSubscription.toJSON() gives it (sent as the spec's `fcm_id`). */
export interface PushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** What a notification carries to the service worker. */
export interface PushMessage {
  title: string;
  body: string;
  /** Where a click leads (a listing, the chat, the notifications page). */
  url: string;
}

/**
 * A push token as the spec's clients send it: a Web Push subscription (JSON) from a browser, or
 * an FCM token from the original apps. Only the first is sent by this server; spec §5: a key that
 * is missing or shorter than 10 characters is skipped.
 */
export function parseSubscription(token: string | null | undefined): PushSubscriptionJson | null {
  if (!token || token.length < 10 || token[0] !== '{') return null;
  try {
    const value = JSON.parse(token) as Partial<PushSubscriptionJson>;
    if (typeof value.endpoint !== 'string' || !/^https?:\/\//.test(value.endpoint)) return null;
    if (typeof value.keys?.p256dh !== 'string' || typeof value.keys.auth !== 'string') return null;
    return { endpoint: value.endpoint, keys: { p256dh: value.keys.p256dh, auth: value.keys.auth } };
  } catch {
    return null;
  }
}

export function generateVapidKeys(): VapidKeys {
  return webpush.generateVAPIDKeys();
}

/**
 * Standard Web Push (RFC 8030 / 8291 / 8292): the payload encrypted for the subscription
 * (aes128gcm) and signed with our VAPID keys by the maintained `web-push` library, sent with
 * fetch. Answers 'sent', 'gone' (the subscription expired: forget it) or 'failed'.
 */
export async function sendWebPush(subscription: PushSubscriptionJson, message: PushMessage, vapid: VapidKeys & { subject: string }, timeoutMs = 10_000): Promise<'sent' | 'gone' | 'failed'> {
  const request = webpush.generateRequestDetails(subscription, JSON.stringify(message), {
    vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
    TTL: 24 * 3600,
    contentEncoding: 'aes128gcm',
  });
  try {
    const res = await fetch(request.endpoint, { method: request.method, headers: request.headers as Record<string, string>, body: request.body as Buffer, signal: AbortSignal.timeout(timeoutMs) });
    if (res.status === 404 || res.status === 410) return 'gone';
    return res.ok ? 'sent' : 'failed';
  } catch {
    return 'failed';
  }
}
