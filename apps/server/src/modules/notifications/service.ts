import { timeAgo, type NotificationRow } from '@estate/core';
import type { Database } from '../../db/client.ts';
import { viewerIdOf, type RequestContext } from '../../platform/http.ts';
import { mediaUrl } from '../../platform/media.ts';
import type { RealtimeHub } from '../../platform/realtime.ts';
import { noticeText } from './messages.ts';
import { notificationRepository as repo } from './repository.ts';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** `get_notification_list`: what a user was told, newest first; reading the list marks theirs read. */
export class NotificationService {
  constructor(
    private readonly db: Database,
    private readonly hub: RealtimeHub,
  ) {}

  async list(limit: number, offset: number, ctx: RequestContext): Promise<{ data: NotificationRow[]; total: number; unread: number }> {
    const userId = viewerIdOf(ctx);
    const { rows, total } = await repo.page(this.db, userId, limit, offset);
    const unread = await repo.unread(this.db, userId);
    if (offset === 0 && unread > 0) {
      await repo.markAllRead(this.db, userId);
      this.hub.send([userId], { type: 'notification', unread: 0 });
    }
    return {
      data: rows.map((r) => ({
        id: r.id,
        // A keyed notice in the reader's language (Content-Language); others as they were written.
        ...((r.message_key && noticeText(r.message_key, typeof r.params === 'string' ? JSON.parse(r.params) : (r.params ?? {}), ctx.lang)) || { title: r.title, message: r.message }),
        type: r.type,
        send_type: r.send_type,
        created_at: iso(r.created_at),
        created: timeAgo(r.created_at),
        notification_image: mediaUrl(ctx.origin, r.image),
        property: r.property_id !== null && r.property_slug !== null ? { id: r.property_id, title_image: mediaUrl(ctx.origin, r.property_image), slug_id: r.property_slug } : null,
        is_read: r.is_read,
      })),
      total,
      unread,
    };
  }
}
