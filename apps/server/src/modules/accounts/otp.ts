import { randomInt } from 'node:crypto';
import type { Database, Executor } from '../../db/client.ts';
import { sha256 } from '../../platform/crypto.ts';
import { Invalid, TooManyRequests } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mailer/mailer.ts';
import type { OutboxDispatcher } from '../../platform/outbox/dispatcher.ts';
import { outboxRepository } from '../../platform/mailer/outbox-repository.ts';
import { otpRepository, type OtpRow } from './repository.ts';

export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_MS = 60_000;
export const OTP_MAX_PER_HOUR = 5;

type Purpose = OtpRow['purpose'];
type Channel = OtpRow['channel'];

const hashOf = (purpose: Purpose, identifier: string, code: string) => sha256(`${purpose}:${identifier}:${code}`);

const MESSAGES: Record<Purpose, (code: string) => { subject: string; text: string }> = {
  verify: (code) => ({ subject: 'Your verification code', text: `Your Ghar Bazaar verification code is ${code}. It expires in 10 minutes.` }),
  login: (code) => ({ subject: 'Your log-in code', text: `Your Ghar Bazaar log-in code is ${code}. It expires in 10 minutes. Never share it.` }),
  reset: (code) => ({ subject: 'Reset your password', text: `Use ${code} to reset your Ghar Bazaar password. It expires in 10 minutes. If you did not ask for this, ignore this message.` }),
};

/**
 * Six-digit one-time codes: 10 minutes to live, 5 tries each, a new one at most every minute and
 * 5 an hour per address or number. Only a hash of each code is stored; the code travels through
 * the outbox (e-mail, or SMS for numbers).
 */
export class OtpService {
  /** Development only: where each code is also written (the server's log), for operators who cannot reach the mailbox. */
  revealCode: ((line: string) => void) | null = null;

  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly sms: OutboxDispatcher,
  ) {}

  /** Sends a code; with `db` a transaction, the code and its message commit (or not) with the caller's change. */
  async send(channel: Channel, identifier: string, purpose: Purpose, userId: number | null = null, db?: Executor): Promise<void> {
    if (!db) return this.db.transaction((tx) => this.send(channel, identifier, purpose, userId, tx)).then(() => this.deliver());
    const latest = await otpRepository.latest(db, identifier, purpose);
    if (latest && Date.now() - latest.createdAt.getTime() < OTP_RESEND_MS) {
      const wait = Math.ceil((OTP_RESEND_MS - (Date.now() - latest.createdAt.getTime())) / 1000);
      throw new TooManyRequests(`Please wait ${wait} seconds before asking for a new code.`);
    }
    if ((await otpRepository.countSince(db, identifier, new Date(Date.now() - 3_600_000))) >= OTP_MAX_PER_HOUR) {
      throw new TooManyRequests('Too many codes asked for. Please try again in an hour.');
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const message = MESSAGES[purpose](code);
    await otpRepository.insert(db, { channel, identifier, purpose, codeHash: hashOf(purpose, identifier, code), expiresAt: new Date(Date.now() + OTP_TTL_MS) });
    this.revealCode?.(`${purpose} code for ${identifier}: ${code} (development: not sent anywhere)`);
    if (channel === 'email') await this.mailer.enqueue(db, { to: identifier, subject: message.subject, text: message.text, userId, meta: { kind: 'otp', purpose } });
    else await outboxRepository.insert(db, { channel: 'sms', recipient: identifier, body: message.text, userId, meta: { kind: 'otp', purpose } });
  }

  /** Delivers what `send` queued inside a caller's transaction, once it has committed. */
  deliver(): void {
    void this.mailer.kick();
    void this.sms.kick();
  }

  /** Checks a code and uses it up; every wrong try counts, and the sixth is refused outright. */
  async verify(identifier: string, purpose: Purpose, code: string, db: Executor = this.db): Promise<void> {
    const latest = await otpRepository.latest(db, identifier, purpose);
    if (!latest || latest.consumedAt) throw new Invalid('otp', 'The code is wrong or has expired. Ask for a new one.');
    if (latest.expiresAt.getTime() <= Date.now()) throw new Invalid('otp', 'The code has expired. Ask for a new one.');
    const counted = await otpRepository.countAttempt(db, latest.id, OTP_MAX_ATTEMPTS);
    if (!counted) throw new Invalid('otp', 'Too many wrong tries. Ask for a new code.');
    if (counted.codeHash !== hashOf(purpose, identifier, code)) {
      const left = OTP_MAX_ATTEMPTS - counted.attempts;
      throw new Invalid('otp', left > 0 ? `The code is wrong. ${left} ${left === 1 ? 'try' : 'tries'} left.` : 'Too many wrong tries. Ask for a new code.');
    }
    if (!(await otpRepository.consume(db, latest.id))) throw new Invalid('otp', 'The code is wrong or has expired. Ask for a new one.');
  }

  /** A single-use proof that `identifier` was verified just now, for the next call to present. */
  async issueProof(identifier: string, proof: string): Promise<void> {
    await otpRepository.insert(this.db, { channel: 'sms', identifier: `proof:${identifier}`, purpose: 'login', codeHash: sha256(proof), expiresAt: new Date(Date.now() + OTP_TTL_MS) });
  }

  async redeemProof(identifier: string, proof: string, db: Executor = this.db): Promise<boolean> {
    const latest = await otpRepository.latest(db, `proof:${identifier}`, 'login');
    if (!latest || latest.consumedAt || latest.expiresAt.getTime() <= Date.now() || latest.codeHash !== sha256(proof)) return false;
    return otpRepository.consume(db, latest.id);
  }
}
