import { PLATFORM_PARTY } from '@estate/core';
import { call } from '../../lib/client.ts';

/** `block-user` / `unblock-user`: messages stop (or start again) both ways with this person, or with the platform (party 0, `to_admin`). */
export async function setBlocked(userId: number, blocked: boolean) {
  const { doneAnswer } = await import('./answers.ts');
  return call(blocked ? 'block-user' : 'unblock-user', doneAnswer, { method: 'POST', body: userId === PLATFORM_PARTY ? { to_admin: 1 } : { to_user_id: userId } });
}
