import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';


export interface AgentRow {
  id: number;
  name: string | null;
  email: string | null;
  mobile: string | null;
  profile: string | null;
  slug_id: string;
  address: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  about_me: string | null;
  facebook_id: string | null;
  twiiter_id: string | null;
  instagram_id: string | null;
  youtube_id: string | null;
  verification_status: string;
  created_at: Date | string;
  property_count: number;
  projects_count: number;
}

const AGENT = sql.raw(`u.role = 'agent' and u.is_active and u.deleted_at is null`);
const agentColumns = sql.raw(`
  u.id, u.name, u.email, u.mobile, u.profile, u.slug_id, u.address, u.city, u.state, u.country, u.about_me,
  u.facebook_id, u.twiiter_id, u.instagram_id, u.youtube_id, u.verification_status, u.created_at,
  u.listed_properties as property_count,
  (select count(*)::int from projects pr where pr.owner_id = u.id and pr.status = 1 and pr.request_status = 'approved') as projects_count`);

export const agentRepository = {
  /** Agents, verified first, then by number of listings. */
  async list(db: Executor, opts: { limit: number; offset: number }): Promise<AgentRow[]> {
    const result = await db.execute(sql`
      select * from (select ${agentColumns} from users u where ${AGENT}) a
      order by (a.verification_status = 'success') desc, a.property_count desc, a.id
      limit ${opts.limit} offset ${opts.offset}`);
    return rowsOf<AgentRow>(result);
  },

  async count(db: Executor): Promise<number> {
    return rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from users u where ${AGENT}`))[0].n;
  },

  async findBySlug(db: Executor, slugId: string): Promise<AgentRow | null> {
    const result = await db.execute(sql`
      select ${agentColumns} from users u where u.slug_id = ${slugId} and u.is_active and u.deleted_at is null limit 1`);
    return rowsOf<AgentRow>(result)[0] ?? null;
  },

  /** Listings the platform itself owns. */
  async platformCounts(db: Executor) {
    const result = await db.execute(sql`
      select
        (select count(*)::int from properties p where p.owner_id is null and p.status = 1 and p.request_status = 'approved') as property_count,
        (select count(*)::int from projects pr where pr.owner_id is null and pr.status = 1 and pr.request_status = 'approved') as projects_count`);
    return rowsOf<{ property_count: number; projects_count: number }>(result)[0];
  },

  async premiumCount(db: Executor, ownerId: number | null): Promise<number> {
    const owner = ownerId === null ? sql`p.owner_id is null` : sql`p.owner_id = ${ownerId}`;
    const result = await db.execute(sql`
      select count(*)::int as n from properties p where ${owner} and p.is_premium and p.status = 1 and p.request_status = 'approved'`);
    return rowsOf<{ n: number }>(result)[0].n;
  },

};
