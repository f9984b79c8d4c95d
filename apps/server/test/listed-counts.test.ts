import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createUser } from './factories.ts';
import { createTestApp, rows, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const counts = async (userId: number, categoryId: number) => {
  const [user] = await rows<{ n: number }>(t.db, sql`select listed_properties as n from users where id = ${userId}`);
  const [category] = await rows<{ n: number }>(t.db, sql`select listed_properties as n from categories where id = ${categoryId}`);
  return { user: user.n, category: category.n };
};
const actual = async (userId: number, categoryId: number) => {
  const [user] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from properties where owner_id = ${userId} and status = 1 and request_status = 'approved'`);
  const [category] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from properties where category_id = ${categoryId} and status = 1 and request_status = 'approved'`);
  return { user: user.n, category: category.n };
};

describe('listed-property counts kept by the database', () => {
  it('match a count of the table for the seeded market', async () => {
    const mismatched = await rows(t.db, sql`
      select u.id from users u where u.listed_properties <> (select count(*) from properties p where p.owner_id = u.id and p.status = 1 and p.request_status = 'approved')
      union all
      select k.id from categories k where k.listed_properties <> (select count(*) from properties p where p.category_id = k.id and p.status = 1 and p.request_status = 'approved')`);
    expect(mismatched).toEqual([]);
    const cities = await rows(t.db, sql`
      select coalesce(kept.city_key, counted.city_key) as city, kept.listed, counted.n from city_listings kept
      full join (select lower(city) as city_key, count(*)::int as n from properties where status = 1 and request_status = 'approved' and city is not null group by lower(city)) counted
        on counted.city_key = kept.city_key
      where coalesce(kept.listed, 0) <> coalesce(counted.n, 0)`);
    expect(cities).toEqual([]);
    const [{ n }] = await rows<{ n: number }>(t.db, sql`select sum(listed_properties)::int as n from categories`);
    expect(n).toBeGreaterThan(100);
  });

  it('follow listings being added, approved, paused, moved, handed over and deleted', async () => {
    const owner = await createUser(t.db);
    const other = await createUser(t.db);
    const [a, b] = await rows<{ id: number }>(t.db, sql`select id from categories order by id limit 2`);
    const before = await counts(owner.id, a.id);

    const listed = await createProperty(t.db, { ownerId: owner.id, categoryId: a.id });
    const pending = await createProperty(t.db, { ownerId: owner.id, categoryId: a.id, requestStatus: 'pending' });
    expect(await counts(owner.id, a.id)).toEqual({ user: before.user + 1, category: before.category + 1 });

    await t.db.execute(sql`update properties set request_status = 'approved' where id = ${pending.id}`);
    expect(await counts(owner.id, a.id)).toEqual({ user: before.user + 2, category: before.category + 2 });

    await t.db.execute(sql`update properties set status = 0 where id = ${listed.id}`);
    expect(await counts(owner.id, a.id)).toEqual({ user: before.user + 1, category: before.category + 1 });

    await t.db.execute(sql`update properties set category_id = ${b.id} where id = ${pending.id}`);
    expect((await counts(owner.id, a.id)).category).toBe(before.category);

    await t.db.execute(sql`update properties set owner_id = ${other.id} where id = ${pending.id}`);
    expect((await counts(owner.id, a.id)).user).toBe(before.user);
    expect((await counts(other.id, b.id)).user).toBe(1);

    await t.db.execute(sql`delete from properties where id in (${listed.id}, ${pending.id})`);
    expect(await counts(other.id, a.id)).toEqual({ user: 0, category: before.category });
    expect(await counts(owner.id, a.id)).toEqual(await actual(owner.id, a.id));
  });

  it("follow each city's listings, whatever the case they are written in", async () => {
    const city = `Countville ${Date.now()}`;
    const kept = async (name: string) => (await rows<{ n: number }>(t.db, sql`select listed as n from city_listings where city_key = lower(${name})`))[0]?.n ?? 0;
    const a = await createProperty(t.db, { city });
    const b = await createProperty(t.db, { city: city.toUpperCase() });
    await createProperty(t.db, { city, requestStatus: 'pending' });
    expect(await kept(city)).toBe(2);

    await t.db.execute(sql`update properties set status = 0 where id = ${a.id}`);
    expect(await kept(city)).toBe(1);
    await t.db.execute(sql`update properties set city = 'Elsewhere Town' where id = ${b.id}`);
    expect(await kept(city)).toBe(0);
    expect(await kept('elsewhere town')).toBeGreaterThanOrEqual(1);
    await t.db.execute(sql`update properties set status = 1, city = ${city.toLowerCase()} where id = ${a.id}`);
    expect(await kept(city)).toBe(1);
    await t.db.execute(sql`delete from properties where id = ${a.id}`);
    expect(await kept(city)).toBe(0);
  });

  it('answer the cities list from the kept counts', async () => {
    const cities = (await t.get('/api/get-cities-data', { limit: 100 })).body.data as { City: string; Count: number }[];
    expect(cities.length).toBeGreaterThan(5);
    for (const city of cities) {
      const [{ n }] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from properties where lower(city) = lower(${city.City}) and status = 1 and request_status = 'approved'`);
      expect(city.Count, city.City).toBe(n);
    }
  });

  it('write nothing when a statement changes no count (views being added)', async () => {
    const owner = await createUser(t.db);
    await createProperty(t.db, { ownerId: owner.id });
    const versions = () => rows<{ xmin: string }>(t.db, sql`select xmin::text from users where id = ${owner.id} union all select xmin::text from city_listings where city_key = 'testville'`);
    const before = await versions();
    expect(before).toHaveLength(2);
    await t.db.execute(sql`update properties set total_click = total_click + 1 where owner_id = ${owner.id}`);
    expect(await versions()).toEqual(before);
  });

  it("count the platform's own listings from an index", async () => {
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return rows<{ 'QUERY PLAN': string }>(tx, sql`explain select count(*)::int from properties p where p.owner_id is null and p.status = 1 and p.request_status = 'approved'`);
    });
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Index Only Scan using properties_listed_platform_idx/);
  });

  it('answer the agent list and categories from the kept counts', async () => {
    const agents = (await t.get('/api/agent-list', { limit: 50 })).body.data as { id: number; property_count: number; is_admin?: boolean }[];
    for (const agent of agents.filter((x) => x.id > 0)) {
      const [{ n }] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from properties where owner_id = ${agent.id} and status = 1 and request_status = 'approved'`);
      expect(agent.property_count, `agent ${agent.id}`).toBe(n);
    }
  });
});
