import { describe, expect, it } from 'vitest';
import { RequestError } from '../../lib/client.ts';
import { accountGate, gateRefusalOf } from './gate-reason.ts';

const complete = { missing_profile_fields: [], verification_status: 'initial' as const, role: 'user' as const };
const open = { verification_required_for_user: '0' as const };
const strict = (verification_status?: 'initial' | 'pending' | 'success' | 'failed') => ({ verification_required_for_user: '1' as const, verification_status });

describe('the gates before adding a listing', () => {
  it('stop an incomplete profile first, whatever else holds', () => {
    expect(accountGate({ ...complete, missing_profile_fields: ['profile'] }, open)).toBe('profile_incomplete');
    expect(accountGate({ ...complete, missing_profile_fields: ['address'] }, strict('failed'))).toBe('profile_incomplete');
    // A field the spec does not require does not stop anyone.
    expect(accountGate({ ...complete, missing_profile_fields: ['about_me'] }, open)).toBeNull();
  });

  it('ask for verification only when the settings require it', () => {
    expect(accountGate(complete, open)).toBeNull();
    expect(accountGate(complete, strict('success'))).toBeNull();
    expect(accountGate(complete, strict('pending'))).toBe('verification_pending');
    expect(accountGate(complete, strict('failed'))).toBe('verification_failed');
    expect(accountGate(complete, strict('initial'))).toBe('not_verified');
    // Without the status in the settings, the user's own record says it.
    expect(accountGate({ ...complete, verification_status: 'success' }, strict())).toBeNull();
    expect(accountGate({ ...complete, verification_status: 'pending' }, strict())).toBe('verification_pending');
  });

  it('let an administrator through, as the server does', () => {
    expect(accountGate({ missing_profile_fields: ['mobile', 'profile'], verification_status: 'initial', role: 'admin' }, strict('failed'))).toBeNull();
  });

  it('read the server’s 403 codes, with the feature concerned', () => {
    expect(gateRefusalOf(new RequestError(403, 'no', {}, 'profile_incomplete'))).toEqual({ reason: 'profile_incomplete' });
    expect(gateRefusalOf(new RequestError(403, 'no', {}, 'feature_unavailable', 'project_list'))).toEqual({ reason: 'feature_unavailable', feature: 'project_list' });
    expect(gateRefusalOf(new RequestError(403, 'no', {}, 'feature_unavailable', 'bogus'))).toEqual({ reason: 'feature_unavailable' });
    expect(gateRefusalOf(new RequestError(403, 'no'))).toBeNull();
    expect(gateRefusalOf(new RequestError(400, 'no', {}, 'profile_incomplete'))).toBeNull();
    expect(gateRefusalOf(new Error('x'))).toBeNull();
  });
});
