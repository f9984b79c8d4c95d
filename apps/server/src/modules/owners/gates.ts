import { sql } from 'drizzle-orm';
import { rowsOf, type Database, type Executor } from '../../db/client.ts';
import { GateRefused, NotFound } from '../../platform/errors.ts';
import type { SettingsService } from '../settings/service.ts';

const PROFILE_INCOMPLETE = 'you have not completed your profile';
const VERIFICATION_MESSAGES = {
  verification_pending: 'Your verification is pending. You can add listings once it is approved.',
  verification_failed: 'Your verification was not approved. Please apply again to add listings.',
  not_verified: 'Only verified users can add listings. Please apply for verification first.',
} as const;

interface OwnerRow {
  verification_status: string;
  name: string | null;
  email: string | null;
  mobile: string | null;
  profile: string | null;
  address: string | null;
}

const ownerOf = async (db: Executor, userId: number, lock: boolean): Promise<OwnerRow | null> =>
  rowsOf<OwnerRow>(await db.execute(sql`select verification_status, name, email, mobile, profile, address from users where id = ${userId} ${lock ? sql`for update` : sql``}`))[0] ?? null;

/**
 * Spec §5 and §6 for anyone adding a property or a project: a complete profile (name, e-mail,
 * mobile, picture, address), a verified owner when `verification_required_for_user` is on, and
 * whether what they add needs review (`auto_approve`, a verified owner and an admin need none).
 */
export class OwnerGates {
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
  ) {}

  /** Throws the gate's refusal (403 with its `code`); answers whether the new listing is approved at once. */
  async admit(userId: number, isAdmin: boolean): Promise<boolean> {
    const owner = await ownerOf(this.db, userId, false);
    if (!owner) throw new NotFound('User not found');
    if (!isAdmin && !(owner.name && owner.email && owner.mobile && owner.profile && owner.address)) throw new GateRefused('profile_incomplete', PROFILE_INCOMPLETE);
    const settings = await this.settings.values();
    if (!isAdmin && settings.verification_required_for_user === '1' && owner.verification_status !== 'success') {
      const code = owner.verification_status === 'pending' ? 'verification_pending' : owner.verification_status === 'failed' ? 'verification_failed' : 'not_verified';
      throw new GateRefused(code, VERIFICATION_MESSAGES[code]);
    }
    return isAdmin || settings.auto_approve === '1' || owner.verification_status === 'success';
  }

  /** Whether an edit by this owner goes live without review. */
  async isAutoApproved(userId: number, isAdmin: boolean): Promise<boolean> {
    if (isAdmin) return true;
    const [owner, settings] = await Promise.all([ownerOf(this.db, userId, false), this.settings.values()]);
    return settings.auto_approve === '1' || owner?.verification_status === 'success';
  }

  /** Locks the owner's row: one owner's listing writes run one at a time, so counted limits hold. */
  async lockOwner(tx: Executor, userId: number): Promise<void> {
    await ownerOf(tx, userId, true);
  }
}
