import { PROFILE_REQUIRED_FIELDS, type User } from '@estate/core';
import { mediaUrl } from '../../platform/media.ts';
import type { UserRow } from './repository.ts';

export function missingProfileFields(u: UserRow): string[] {
  const has: Record<(typeof PROFILE_REQUIRED_FIELDS)[number], boolean> = {
    name: Boolean(u.name?.trim()),
    email: Boolean(u.email),
    mobile: Boolean(u.mobile),
    profile: Boolean(u.profile),
    address: Boolean(u.address?.trim()),
  };
  return PROFILE_REQUIRED_FIELDS.filter((f) => !has[f]);
}

export function toUser(u: UserRow, origin: string): User {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    mobile: u.mobile,
    profile: mediaUrl(origin, u.profile),
    address: u.address,
    firebase_id: u.firebaseId,
    auth_id: u.authId,
    logintype: u.logintype,
    type: u.type,
    fcm_id: u.fcmId,
    about_me: u.aboutMe,
    facebook_id: u.facebookId,
    twiiter_id: u.twiiterId,
    instagram_id: u.instagramId,
    youtube_id: u.youtubeId,
    latitude: u.latitude,
    longitude: u.longitude,
    city: u.city,
    state: u.state,
    country: u.country,
    notification: u.notification ? 1 : 0,
    slug_id: u.slugId,
    is_active: u.isActive ? 1 : 0,
    role: u.role,
    email_verified: u.emailVerifiedAt !== null,
    verification_status: u.verificationStatus,
    missing_profile_fields: missingProfileFields(u),
  };
}
