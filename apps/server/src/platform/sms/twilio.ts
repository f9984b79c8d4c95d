import type { OutboxMessage } from '../mailer/outbox-repository.ts';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  from: string;
  /** Twilio's API origin; a local stand-in in tests. */
  apiUrl: string;
}

/** Sends one SMS through Twilio's Messages API (form-encoded POST with basic auth). */
export function twilioTransport(opts: TwilioOptions) {
  const url = `${opts.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64')}`;
  return async (message: OutboxMessage): Promise<void> => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ To: message.recipient, From: opts.from, Body: message.body }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) {
      const detail = await res.text().catch(() => '');
      throw new Error(`Twilio answered ${res.status}: ${detail.slice(0, 200)}`);
    }
  };
}
