import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';
import { LIVE_AD, placeConditions, postedSinceCondition, toPrefixQuery } from '../../db/listing-conditions.ts';

const LISTED = sql.raw(`pr.status = 1 and pr.request_status = 'approved'`);

export interface ProjectFilters {
  id?: number;
  /** null selects the platform's own projects. */
  ownerId?: number | null;
  categoryId?: number;
  city?: string;
  state?: string;
  country?: string;
  postedSince?: number;
  search?: string;
  type?: 'upcoming' | 'under_construction';
  promoted?: boolean;
  excludeId?: number;
}

export interface ProjectRow {
  id: number;
  slug_id: string;
  title: string;
  description: string;
  type: 'upcoming' | 'under_construction';
  category_id: number;
  category_name: string | null;
  category_image: string | null;
  category_slug_id: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  image: string | null;
  video_link: string | null;
  meta_title: string | null;
  meta_description: string | null;
  meta_keywords: string | null;
  meta_image: string | null;
  status: number;
  request_status: 'approved' | 'pending' | 'rejected';
  owner_id: number | null;
  owner_name: string | null;
  owner_email: string | null;
  owner_mobile: string | null;
  owner_address: string | null;
  owner_profile: string | null;
  owner_slug_id: string | null;
  promoted: boolean;
  created_at: Date | string;
  gallery: { id: number; image: string }[] | null;
  documents: { id: number; name: string; type: string; file: string; file_name: string | null }[] | null;
  plans: { id: number; title: string; document: string }[] | null;
}

function whereClause(f: ProjectFilters, listedOnly: boolean): SQL {
  const conds: SQL[] = listedOnly ? [LISTED] : [];
  if (f.id !== undefined) conds.push(sql`pr.id = ${f.id}`);
  if (f.ownerId === null) conds.push(sql`pr.owner_id is null`);
  else if (f.ownerId !== undefined) conds.push(sql`pr.owner_id = ${f.ownerId}`);
  if (f.categoryId !== undefined) conds.push(sql`pr.category_id = ${f.categoryId}`);
  conds.push(...placeConditions('pr', f));
  const posted = postedSinceCondition('pr', f.postedSince);
  if (posted) conds.push(posted);
  if (f.type) conds.push(sql`pr.type = ${f.type}`);
  if (f.promoted) conds.push(sql`exists (select 1 from advertisements a where a.project_id = pr.id and ${LIVE_AD})`);
  if (f.excludeId !== undefined) conds.push(sql`pr.id <> ${f.excludeId}`);
  if (f.search) {
    const query = toPrefixQuery(f.search);
    if (query) conds.push(sql`to_tsvector('english', pr.title || ' ' || coalesce(pr.city, '') || ' ' || coalesce(pr.location, '')) @@ to_tsquery('english', ${query})`);
  }
  return conds.length ? sql.join(conds, sql` and `) : sql`true`;
}

const columns = sql`
  pr.id, pr.slug_id, pr.title, pr.description, pr.type, pr.category_id,
  c.category as category_name, c.image as category_image, c.slug_id as category_slug_id,
  pr.city, pr.state, pr.country, pr.location, pr.latitude, pr.longitude, pr.image, pr.video_link,
  pr.meta_title, pr.meta_description, pr.meta_keywords, pr.meta_image, pr.status, pr.request_status,
  pr.owner_id, u.name as owner_name, u.email as owner_email, u.mobile as owner_mobile, u.address as owner_address,
  u.profile as owner_profile, u.slug_id as owner_slug_id, pr.created_at,
  exists (select 1 from advertisements a where a.project_id = pr.id and ${LIVE_AD}) as promoted,
  (select json_agg(json_build_object('id', i.id, 'image', i.image) order by i.sequence, i.id) from project_images i where i.project_id = pr.id) as gallery,
  (select json_agg(json_build_object('id', d.id, 'name', d.name, 'type', d.type, 'file', d.file, 'file_name', d.file_name) order by d.id) from project_documents d where d.project_id = pr.id) as documents,
  (select json_agg(json_build_object('id', pl.id, 'title', pl.title, 'document', pl.document) order by pl.id) from project_plans pl where pl.project_id = pr.id) as plans`;


export const projectRepository = {
  async list(db: Executor, filters: ProjectFilters, opts: { limit: number; offset: number; listedOnly: boolean }): Promise<ProjectRow[]> {
    const result = await db.execute(sql`
      with page as (
        select pr.id from projects pr where ${whereClause(filters, opts.listedOnly)}
        order by pr.created_at desc, pr.id desc limit ${opts.limit} offset ${opts.offset}
      )
      select ${columns}
      from page join projects pr on pr.id = page.id
      left join categories c on c.id = pr.category_id
      left join users u on u.id = pr.owner_id
      order by pr.created_at desc, pr.id desc`);
    return rowsOf<ProjectRow>(result);
  },

  async count(db: Executor, filters: ProjectFilters, listedOnly: boolean): Promise<number> {
    const result = await db.execute(sql`select count(*)::int as n from projects pr where ${whereClause(filters, listedOnly)}`);
    return rowsOf<{ n: number }>(result)[0].n;
  },

  /** Projects whatever their state, in the order of `ids` (an owner's own). */
  async findByIds(db: Executor, ids: number[]): Promise<ProjectRow[]> {
    if (!ids.length) return [];
    const result = await db.execute(sql`
      select ${columns} from projects pr
      left join categories c on c.id = pr.category_id
      left join users u on u.id = pr.owner_id
      where pr.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
    const byId = new Map(rowsOf<ProjectRow>(result).map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is ProjectRow => r !== undefined);
  },

  async findBySlug(db: Executor, slugId: string): Promise<ProjectRow | null> {
    const result = await db.execute(sql`
      select ${columns} from projects pr
      left join categories c on c.id = pr.category_id
      left join users u on u.id = pr.owner_id
      where pr.slug_id = ${slugId} limit 1`);
    return rowsOf<ProjectRow>(result)[0] ?? null;
  },

  async similar(db: Executor, project: { id: number; categoryId: number }, limit: number): Promise<ProjectRow[]> {
    return this.list(db, { categoryId: project.categoryId, excludeId: project.id }, { limit, offset: 0, listedOnly: true });
  },
};
