import { z } from 'zod';
import { paginationQuery } from './common.ts';

/** A notification as `get_notification_list` answers it (api-contract). */
export const notificationRow = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  /** 0 general, 1 inquiry, 2 property. */
  type: z.number().int(),
  /** 0 selected users, 1 all. */
  send_type: z.number().int(),
  created_at: z.string(),
  /** "2 hours ago". */
  created: z.string(),
  notification_image: z.string().nullable(),
  property: z.object({ id: z.number().int(), title_image: z.string().nullable(), slug_id: z.string() }).nullable(),
  /** Ours: read by this user (the bell counts the unread). */
  is_read: z.boolean(),
});
export type NotificationRow = z.infer<typeof notificationRow>;

export const notificationListQuery = z.object({ ...paginationQuery(10) });
