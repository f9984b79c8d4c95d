import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';

export type SitemapKind = 'property' | 'project' | 'article' | 'agent';
export interface SitemapRow {
  kind: SitemapKind;
  slug_id: string;
  updated_at: Date | string | null;
}

export const seoRepository = {
  /**
   * Slugs of everything a visitor can open, newest change first within each kind. Premium
   * listings are left out: visitors (and crawlers) only see a "premium" notice there.
   */
  async sitemapEntries(db: Executor, limit: number): Promise<SitemapRow[]> {
    const result = await db.execute(sql`
      (select 'property' as kind, p.slug_id, p.updated_at from properties p
        where p.status = 1 and p.request_status = 'approved' and not p.is_premium
        order by p.updated_at desc limit ${limit})
      union all
      (select 'project', pr.slug_id, pr.updated_at from projects pr
        where pr.status = 1 and pr.request_status = 'approved'
        order by pr.updated_at desc limit ${limit})
      union all
      (select 'article', a.slug_id, a.updated_at from articles a
        where a.is_published
        order by a.updated_at desc limit ${limit})
      union all
      (select 'agent', u.slug_id, null from users u
        where u.role = 'agent' and u.is_active and u.deleted_at is null
        order by u.id limit ${limit})`);
    return rowsOf<SitemapRow>(result);
  },
};
