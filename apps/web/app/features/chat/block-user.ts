import { call } from '../../lib/client.ts';

/** `block-user` / `unblock-user`: messages stop (or start again) both ways with this person. */
export async function setBlocked(userId: number, blocked: boolean) {
  const { doneAnswer } = await import('./answers.ts');
  return call(blocked ? 'block-user' : 'unblock-user', doneAnswer, { method: 'POST', body: { to_user_id: userId } });
}
