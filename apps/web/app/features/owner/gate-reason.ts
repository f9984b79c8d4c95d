import { GATE_CODES, PROFILE_REQUIRED_FIELDS, isFeatureType, type FeatureType, type GateCode, type User, type WebSettings } from '@estate/core';
import { RequestError } from '../../lib/client.ts';

/**
 * Why someone may not add a listing yet (spec §5, §6, §8), in the order they are checked: the
 * profile, then verification when the settings ask for it, then the package. The API answers a
 * refusal 403 with the same `code`.
 */
export type GateReason = GateCode;
export type GateRefusal = { reason: GateReason; feature?: FeatureType };

/**
 * The profile and verification gates, from the user's record and the settings read with their
 * token. An administrator passes them, and needs no package (the server's gates say the same).
 */
export const passesEveryGate = (user: Pick<User, 'role'>) => user.role === 'admin';

export function accountGate(
  user: Pick<User, 'missing_profile_fields' | 'verification_status' | 'role'>,
  settings: Pick<WebSettings, 'verification_required_for_user' | 'verification_status'>,
): GateReason | null {
  if (passesEveryGate(user)) return null;
  if (user.missing_profile_fields.some((f) => (PROFILE_REQUIRED_FIELDS as readonly string[]).includes(f))) return 'profile_incomplete';
  if (settings.verification_required_for_user !== '1') return null;
  const status = settings.verification_status ?? user.verification_status;
  if (status === 'success') return null;
  if (status === 'pending') return 'verification_pending';
  if (status === 'failed') return 'verification_failed';
  return 'not_verified';
}

/** A write the server refused at one of the gates (403 with a known `code`); null for any other failure. */
export function gateRefusalOf(error: unknown): GateRefusal | null {
  if (!(error instanceof RequestError) || error.status !== 403) return null;
  const reason = GATE_CODES.find((r) => r === error.code);
  if (!reason) return null;
  return reason === 'feature_unavailable' && isFeatureType(error.feature) ? { reason, feature: error.feature } : { reason };
}
