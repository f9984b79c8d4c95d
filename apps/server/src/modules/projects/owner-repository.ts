import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';
import { LIVE_AD } from '../../db/listing-conditions.ts';
import { projects } from '../../db/schema/index.ts';

/** The folder owners' project uploads are stored in. */
export const PROJECT_MEDIA = 'projects';

const idList = (ids: readonly number[]): SQL => sql`(${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`;

export interface OwnedProjectRow {
  id: number;
  slug_id: string;
  owner_id: number | null;
  title: string;
  status: number;
  request_status: 'approved' | 'pending' | 'rejected';
  image: string | null;
  meta_image: string | null;
  paid_with_package_id: number | null;
}

const OWNED_COLUMNS = sql.raw('id, slug_id, owner_id, title, status, request_status, image, meta_image, paid_with_package_id');

export type ProjectValues = Partial<typeof projects.$inferInsert>;

export interface OwnedProjectFilters {
  ownerId: number;
  id?: number;
  slugId?: string;
  state?: 'pending' | 'approved' | 'rejected' | 'paused';
}

function ownedWhere(f: OwnedProjectFilters): SQL {
  const conds: SQL[] = [sql`pr.owner_id = ${f.ownerId}`];
  if (f.id !== undefined) conds.push(sql`pr.id = ${f.id}`);
  if (f.slugId !== undefined) conds.push(sql`pr.slug_id = ${f.slugId}`);
  if (f.state === 'approved') conds.push(sql`pr.request_status = 'approved' and pr.status = 1`);
  else if (f.state === 'paused') conds.push(sql`pr.request_status = 'approved' and pr.status = 0`);
  else if (f.state) conds.push(sql`pr.request_status = ${f.state}`);
  return sql.join(conds, sql` and `);
}

async function filesWhere(db: Executor, projects: SQL): Promise<string[]> {
  const result = await db.execute(sql`
    with picked as (select pr.id, pr.image, pr.meta_image from projects pr where ${projects})
    select image as key from picked
    union all select meta_image from picked
    union all select i.image from project_images i join picked on picked.id = i.project_id
    union all select d.file from project_documents d join picked on picked.id = d.project_id
    union all select pl.document from project_plans pl join picked on picked.id = pl.project_id`);
  return rowsOf<{ key: string | null }>(result)
    .map((r) => r.key)
    .filter((k): k is string => !!k);
}

export const projectOwnerRepository = {
  async find(db: Executor, id: number): Promise<OwnedProjectRow | null> {
    return rowsOf<OwnedProjectRow>(await db.execute(sql`select ${OWNED_COLUMNS} from projects where id = ${id}`))[0] ?? null;
  },

  async lock(tx: Executor, id: number): Promise<OwnedProjectRow | null> {
    return rowsOf<OwnedProjectRow>(await tx.execute(sql`select ${OWNED_COLUMNS} from projects where id = ${id} for update`))[0] ?? null;
  },

  async insert(tx: Executor, values: typeof projects.$inferInsert): Promise<number> {
    const [row] = await tx.insert(projects).values(values).returning({ id: projects.id });
    return row.id;
  },

  async update(tx: Executor, id: number, values: ProjectValues): Promise<void> {
    if (!Object.keys(values).length) return;
    await tx
      .update(projects)
      .set({ ...values, updatedAt: new Date() })
      .where(sql`${projects.id} = ${id}`);
  },

  async galleryCount(db: Executor, projectId: number): Promise<number> {
    return rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from project_images where project_id = ${projectId}`))[0].n;
  },

  async addGallery(tx: Executor, projectId: number, keys: string[], firstSequence: number): Promise<void> {
    if (!keys.length) return;
    await tx.execute(sql`insert into project_images (project_id, image, sequence) values ${sql.join(keys.map((k, i) => sql`(${projectId}, ${k}, ${firstSequence + i})`), sql`, `)}`);
  },

  async removeGallery(tx: Executor, projectId: number, ids: number[]): Promise<string[]> {
    if (!ids.length) return [];
    return rowsOf<{ image: string }>(await tx.execute(sql`delete from project_images where project_id = ${projectId} and id in ${idList(ids)} returning image`)).map((r) => r.image);
  },

  async documentCount(db: Executor, projectId: number): Promise<number> {
    return rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from project_documents where project_id = ${projectId}`))[0].n;
  },

  async addDocuments(tx: Executor, projectId: number, docs: { name: string; type: string; file: string; fileName: string }[]): Promise<void> {
    if (!docs.length) return;
    await tx.execute(sql`insert into project_documents (project_id, name, type, file, file_name) values ${sql.join(docs.map((d) => sql`(${projectId}, ${d.name}, ${d.type}, ${d.file}, ${d.fileName})`), sql`, `)}`);
  },

  async removeDocuments(tx: Executor, projectId: number, ids: number[]): Promise<string[]> {
    if (!ids.length) return [];
    return rowsOf<{ file: string }>(await tx.execute(sql`delete from project_documents where project_id = ${projectId} and id in ${idList(ids)} returning file`)).map((r) => r.file);
  },

  async plansOf(db: Executor, projectId: number): Promise<{ id: number; title: string; document: string }[]> {
    return rowsOf<{ id: number; title: string; document: string }>(await db.execute(sql`select id, title, document from project_plans where project_id = ${projectId} order by id`));
  },

  async addPlan(tx: Executor, projectId: number, title: string, document: string): Promise<void> {
    await tx.execute(sql`insert into project_plans (project_id, title, document) values (${projectId}, ${title}, ${document})`);
  },

  async updatePlan(tx: Executor, projectId: number, planId: number, title: string, document: string | null): Promise<void> {
    await tx.execute(sql`update project_plans set title = ${title}${document ? sql`, document = ${document}` : sql``} where id = ${planId} and project_id = ${projectId}`);
  },

  async removePlans(tx: Executor, projectId: number, ids: number[]): Promise<string[]> {
    if (!ids.length) return [];
    return rowsOf<{ document: string }>(await tx.execute(sql`delete from project_plans where project_id = ${projectId} and id in ${idList(ids)} returning document`)).map((r) => r.document);
  },

  async addSlugRedirect(tx: Executor, oldSlug: string, projectId: number): Promise<void> {
    await tx.execute(sql`insert into project_slug_redirects (slug_id, project_id) values (${oldSlug}, ${projectId}) on conflict (slug_id) do update set project_id = excluded.project_id`);
  },

  async redirectedSlug(db: Executor, oldSlug: string): Promise<string | null> {
    return rowsOf<{ slug_id: string }>(await db.execute(sql`select pr.slug_id from project_slug_redirects r join projects pr on pr.id = r.project_id where r.slug_id = ${oldSlug}`))[0]?.slug_id ?? null;
  },

  async filesOf(db: Executor, projectId: number): Promise<string[]> {
    return filesWhere(db, sql`pr.id = ${projectId}`);
  },

  /** Every stored file of all of an owner's projects (their account is being deleted). */
  async filesOfOwner(db: Executor, ownerId: number): Promise<string[]> {
    return filesWhere(db, sql`pr.owner_id = ${ownerId}`);
  },

  async delete(tx: Executor, projectId: number): Promise<void> {
    await tx.execute(sql`delete from projects where id = ${projectId}`);
  },

  async referencedKeys(db: Executor): Promise<string[]> {
    const prefix = `${PROJECT_MEDIA}/%`;
    const result = await db.execute(sql`
      select image as key from projects where image like ${prefix}
      union all select meta_image from projects where meta_image like ${prefix}
      union all select image from project_images where image like ${prefix}
      union all select file from project_documents where file like ${prefix}
      union all select document from project_plans where document like ${prefix}`);
    return rowsOf<{ key: string }>(result).map((r) => r.key);
  },

  async ownedPage(db: Executor, filters: OwnedProjectFilters, limit: number, offset: number): Promise<{ ids: number[]; total: number }> {
    const where = ownedWhere(filters);
    const [ids, count] = await Promise.all([
      db.execute(sql`select pr.id from projects pr where ${where} order by pr.created_at desc, pr.id desc limit ${limit} offset ${offset}`),
      db.execute(sql`select count(*)::int as n from projects pr where ${where}`),
    ]);
    return { ids: rowsOf<{ id: number }>(ids).map((r) => r.id), total: rowsOf<{ n: number }>(count)[0].n };
  },

  async ownerExtras(db: Executor, ids: number[]): Promise<Map<number, { reject_reason: string | null; is_feature_available: boolean }>> {
    if (!ids.length) return new Map();
    const result = await db.execute(sql`
      select pr.id, pr.reject_reason,
        (pr.status = 1 and pr.request_status = 'approved' and not exists (select 1 from advertisements a where a.project_id = pr.id and ${LIVE_AD})) as is_feature_available
      from projects pr where pr.id in ${idList(ids)}`);
    return new Map(rowsOf<{ id: number; reject_reason: string | null; is_feature_available: boolean }>(result).map((r) => [r.id, r]));
  },
};
