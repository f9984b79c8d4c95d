/** The answers the account pages read, checked with the contract's schemas (loaded only by those pages). */
import { envelope, user as userSchema } from '@estate/core';
import { z } from 'zod';
import { saveSession } from './session.ts';

export const nothingAnswer = z.object({ error: z.boolean(), message: z.string() });
export const userAnswer = envelope(userSchema);
export const sessionAnswer = z.object({ error: z.boolean(), message: z.string(), token: z.string(), data: userSchema });

/** Logs in with an answer that carries a token and the user. */
export function startSession(answer: z.infer<typeof sessionAnswer>) {
  saveSession(answer.token, answer.data);
  return answer.data;
}
