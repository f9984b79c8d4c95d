/** The answers of this area, checked with the contract's schemas; imported on demand so zod stays out of every page's first load. */
import { listEnvelope, notificationRow } from '@estate/core';
import { z } from 'zod';

export const notificationsAnswer = listEnvelope(notificationRow, { unread: z.number().int() });
