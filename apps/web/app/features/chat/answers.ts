/** The chat calls' answers, checked with the contract's schemas; imported on demand so zod stays out of every page's first load. */
import { chatRow, envelope, listEnvelope, messagesPage } from '@estate/core';
import { z } from 'zod';

export const chatsAnswer = listEnvelope(chatRow);
export const messagesAnswer = envelope(messagesPage, { total_page: z.number().int() });
export const sentAnswer = z.object({ error: z.boolean(), message: z.string(), id: z.number().int() });
export const doneAnswer = z.object({ error: z.boolean(), message: z.string() });
