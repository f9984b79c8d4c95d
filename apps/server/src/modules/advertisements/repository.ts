import { sql } from 'drizzle-orm';

import { rowsOf, type Executor } from '../../db/client.ts';

export interface AdvertisementRow {
  id: number;
  status: number;
  feature_for: 'property' | 'project';
  start_date: Date | string;
  end_date: Date | string;
  property_id: number | null;
  project_id: number | null;
  p_slug: string | null;
  p_title: string | null;
  p_image: string | null;
  p_price: string | null;
  p_type: number | null;
  pr_slug: string | null;
  pr_title: string | null;
  pr_image: string | null;
}

/** The listing an advertisement would feature, locked: whose it is and whether it can be featured now. */
export interface FeaturableRow {
  id: number;
  slug_id: string;
  owner_id: number | null;
  listed: boolean;
  featured: boolean;
}

export const advertisementRepository = {
  async lockProperty(tx: Executor, id: number): Promise<FeaturableRow | null> {
    const result = await tx.execute(sql`
      select p.id, p.slug_id, p.owner_id, (p.status = 1 and p.request_status = 'approved' and p.property_type in (0, 1)) as listed,
        exists (select 1 from advertisements a where a.property_id = p.id and a.status = 0 and a.end_date > now()) as featured
      from properties p where p.id = ${id} for update`);
    return rowsOf<FeaturableRow>(result)[0] ?? null;
  },

  async lockProject(tx: Executor, id: number): Promise<FeaturableRow | null> {
    const result = await tx.execute(sql`
      select pr.id, pr.slug_id, pr.owner_id, (pr.status = 1 and pr.request_status = 'approved') as listed,
        exists (select 1 from advertisements a where a.project_id = pr.id and a.status = 0 and a.end_date > now()) as featured
      from projects pr where pr.id = ${id} for update`);
    return rowsOf<FeaturableRow>(result)[0] ?? null;
  },

  /** An approved advertisement from now for `days`, never beyond the end of the package that paid for it. */
  async insert(tx: Executor, a: { userId: number; featureFor: 'property' | 'project'; propertyId: number | null; projectId: number | null; userPackageId: number; days: number }): Promise<number> {
    const result = await tx.execute(sql`
      insert into advertisements (user_id, feature_for, property_id, project_id, user_package_id, status, start_date, end_date)
      select ${a.userId}, ${a.featureFor}, ${a.propertyId}, ${a.projectId}, up.id, 0, now(), least(up.end_date, now() + make_interval(days => ${a.days}))
      from user_packages up where up.id = ${a.userPackageId}
      returning id`);
    return rowsOf<{ id: number }>(result)[0].id;
  },

  async pageOf(db: Executor, userId: number, type: 'property' | 'project' | undefined, limit: number, offset: number): Promise<{ rows: AdvertisementRow[]; total: number }> {
    const where = type ? sql`a.user_id = ${userId} and a.feature_for = ${type}` : sql`a.user_id = ${userId}`;
    const [rows, count] = await Promise.all([
      db.execute(sql`
        select a.id, case when a.status = 0 and a.end_date <= now() then 3 else a.status end as status, a.feature_for, a.start_date, a.end_date, a.property_id, a.project_id,
          p.slug_id as p_slug, p.title as p_title, p.title_image as p_image, p.price::text as p_price, p.property_type as p_type,
          pr.slug_id as pr_slug, pr.title as pr_title, pr.image as pr_image
        from advertisements a left join properties p on p.id = a.property_id left join projects pr on pr.id = a.project_id
        where ${where} order by a.created_at desc, a.id desc limit ${limit} offset ${offset}`),
      db.execute(sql`select count(*)::int as n from advertisements a where ${where}`),
    ]);
    return { rows: rowsOf<AdvertisementRow>(rows), total: rowsOf<{ n: number }>(count)[0].n };
  },

  async find(db: Executor, id: number): Promise<AdvertisementRow | null> {
    const result = await db.execute(sql`
      select a.id, a.status, a.feature_for, a.start_date, a.end_date, a.property_id, a.project_id,
        p.slug_id as p_slug, p.title as p_title, p.title_image as p_image, p.price::text as p_price, p.property_type as p_type,
        pr.slug_id as pr_slug, pr.title as pr_title, pr.image as pr_image
      from advertisements a left join properties p on p.id = a.property_id left join projects pr on pr.id = a.project_id where a.id = ${id}`);
    return rowsOf<AdvertisementRow>(result)[0] ?? null;
  },
};

