/** The answers the account pages read, checked with the contract's schemas (loaded only by those pages). */
import { envelope, listEnvelope, project, propertyCard, propertyDetail, user as userSchema } from '@estate/core';
import { z } from 'zod';
import { saveSession } from './session.ts';

/** `get_property` by slug, asked again from the browser with the session (premium listings). */
export const propertyAnswer = listEnvelope(z.union([propertyDetail, propertyCard]), { similar_properties: z.array(propertyCard) });
/** `get-project-detail` by slug, asked again from the browser with the session (project access). */
export const projectAnswer = envelope(project, { similar_projects: z.array(project) });
export const nothingAnswer = z.object({ error: z.boolean(), message: z.string() });
export const userAnswer = envelope(userSchema);
export const sessionAnswer = z.object({ error: z.boolean(), message: z.string(), token: z.string(), data: userSchema });

/** Logs in with an answer that carries a token and the user. */
export function startSession(answer: z.infer<typeof sessionAnswer>) {
  saveSession(answer.token, answer.data);
  return answer.data;
}
