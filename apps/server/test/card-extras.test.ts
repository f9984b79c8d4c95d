// A card's parameters and facilities (issue 12): a listing's row keeps them as ids and values,
// copied there by triggers on every write to property_parameters and property_facilities
// (migration 0025), and cards name them from the catalogue when they are read. Cards must say
// exactly what the tables and the catalogue say, after any write. Runs on PGlite and on PostgreSQL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueRepository } from '../src/modules/catalogue/repository.ts';
import { propertyRepository } from '../src/modules/properties/repository.ts';
import { createUserWithToken } from './factories.ts';
import { createTestApp, rows, type TestApp } from './harness.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUserWithToken(t.db, { role: 'admin' });
});
afterAll(() => t?.close());

type Extras = { id: number; parameters: unknown[]; facilities: unknown[] };

/** The cards' parameters and facilities joined in SQL from the tables, as cards read them before migration 0025: the oracle. */
async function fromTables(ids: number[]): Promise<Extras[]> {
  const found = await rows<{ id: number; parameters: unknown[] | null; facilities: unknown[] | null }>(
    t.db,
    sql`select p.id,
      (select json_agg(json_build_object('id', pa.id, 'name', pa.name, 'code', pa.code, 'type_of_parameter', pa.type_of_parameter,
          'type_values', pa.type_values, 'image', pa.image, 'is_required', pa.is_required, 'value', pp.value)
          order by coalesce(cp.sequence, 999), pa.id)
        from property_parameters pp join parameters pa on pa.id = pp.parameter_id
        left join category_parameters cp on cp.category_id = p.category_id and cp.parameter_id = pp.parameter_id
        where pp.property_id = p.id) as parameters,
      (select json_agg(json_build_object('facility_id', fa.id, 'distance', pf.distance, 'name', fa.name, 'image', fa.image) order by pf.distance, fa.id)
        from property_facilities pf join outdoor_facilities fa on fa.id = pf.facility_id
        where pf.property_id = p.id) as facilities
    from properties p where p.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) order by p.id`,
  );
  return found.map((r) => ({ id: r.id, parameters: r.parameters ?? [], facilities: r.facilities ?? [] }));
}

/** The same listings as cards read them now: their row's copy, named from the catalogue. */
async function asCards(ids: number[]): Promise<Extras[]> {
  const cards = await propertyRepository.cardsByIds(t.db, ids, await catalogueRepository.cardCatalogue(t.db));
  return cards.map((c) => ({ id: c.id, parameters: c.parameters, facilities: c.facilities })).sort((a, b) => a.id - b.id);
}

async function listedIds(): Promise<number[]> {
  return (await rows<{ id: number }>(t.db, sql`select id from properties where status = 1 and request_status = 'approved' order by id`)).map((r) => r.id);
}

describe('a card’s parameters and facilities', () => {
  it('say on every seeded listing exactly what the tables and the catalogue say, in the form’s order', async () => {
    const ids = await listedIds();
    expect(ids.length).toBeGreaterThan(50);
    const cards = await asCards(ids);
    expect(cards).toEqual(await fromTables(ids));
    // The demo's listings have both, so the comparison above compared something.
    expect(cards.filter((c) => c.parameters.length > 1 && c.facilities.length > 1).length).toBeGreaterThan(ids.length / 2);
  });

  it('follow every write to a listing’s parameters and facilities, and a change of its category’s order', async () => {
    const [listing] = await rows<{ id: number; category_id: number }>(
      t.db,
      sql`select p.id, p.category_id from properties p where p.status = 1 and p.request_status = 'approved'
          and (select count(*) from property_parameters pp where pp.property_id = p.id) >= 3
          and exists (select 1 from property_facilities pf where pf.property_id = p.id) order by p.id limit 1`,
    );
    const ids = [listing.id];
    const params = await rows<{ parameter_id: number }>(t.db, sql`select parameter_id from property_parameters where property_id = ${listing.id} order by parameter_id`);
    const [other] = await rows<{ id: number }>(t.db, sql`select id from parameters where id not in (${sql.join(params.map((p) => sql`${p.parameter_id}`), sql`, `)}) order by id limit 1`);
    const facilities = await rows<{ id: number }>(t.db, sql`select id from outdoor_facilities order by id limit 3`);
    const steps = [
      sql`update property_parameters set value = 'Zq changed' where property_id = ${listing.id} and parameter_id = ${params[0].parameter_id}`,
      sql`delete from property_parameters where property_id = ${listing.id} and parameter_id = ${params[1].parameter_id}`,
      // An owner's save: a value added and one changed in one statement (setParameters' upsert).
      sql`insert into property_parameters (property_id, parameter_id, value) values (${listing.id}, ${other.id}, 'Zq new'), (${listing.id}, ${params[2].parameter_id}, 'Zq upserted')
          on conflict (property_id, parameter_id) do update set value = excluded.value`,
      sql`delete from property_facilities where property_id = ${listing.id}`,
      sql`insert into property_facilities (property_id, facility_id, distance) values (${listing.id}, ${facilities[0].id}, 4.5), (${listing.id}, ${facilities[1].id}, 0.25), (${listing.id}, ${facilities[2].id}, 4.5)`,
      sql`update property_facilities set distance = 9 where property_id = ${listing.id} and facility_id = ${facilities[1].id}`,
    ];
    for (const step of steps) {
      await t.db.execute(step);
      expect(await asCards(ids)).toEqual(await fromTables(ids));
    }
    const [card] = await asCards(ids);
    expect(card.parameters.map((p) => (p as { value: string }).value)).toEqual(expect.arrayContaining(['Zq changed', 'Zq new', 'Zq upserted']));
    expect(card.parameters.some((p) => (p as { id: number }).id === params[1].parameter_id)).toBe(false);
    // Nearest first; equal distances by facility.
    expect(card.facilities.map((f) => (f as { facility_id: number }).facility_id)).toEqual([facilities[0].id, facilities[2].id, facilities[1].id]);

    // The category's form order is the catalogue's, read when cards are named: reversed here.
    await t.db.execute(sql`update category_parameters set sequence = 100 - sequence where category_id = ${listing.category_id}`);
    const [reordered] = await asCards(ids);
    expect(reordered.parameters).not.toEqual(card.parameters);
    expect([reordered]).toEqual(await fromTables(ids));
  });

  it('stay as they were when the write’s transaction fails', async () => {
    const [id] = await listedIds();
    const before = await asCards([id]);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`delete from property_parameters where property_id = ${id}`);
        await tx.execute(sql`delete from property_facilities where property_id = ${id}`);
        throw new Error('the save fails half way');
      }),
    ).rejects.toThrow('the save fails half way');
    expect(await asCards([id])).toEqual(before);
    expect(before[0].parameters.length).toBeGreaterThan(0);
  });

  it('show an operator’s new parameter name on the next answer', async () => {
    const [listing] = await rows<{ id: number; parameter_id: number }>(
      t.db,
      sql`select pp.property_id as id, pp.parameter_id from property_parameters pp join properties p on p.id = pp.property_id
          join parameters pa on pa.id = pp.parameter_id
          where p.status = 1 and p.request_status = 'approved' and pa.type_of_parameter = 'number' order by pp.property_id limit 1`,
    );
    const shown = async () => {
      const res = await t.get('/api/get_property', { id: listing.id });
      expect(res.status).toBe(200);
      return (res.body.data[0].parameters as { id: number; name: string }[]).find((p) => p.id === listing.parameter_id)?.name;
    };
    // Read once, so the answer and the catalogue's names are kept.
    const before = await shown();
    expect(before).toBeTruthy();
    const renamed = await t.request({ method: 'PUT', url: `/api/admin/parameters/${listing.parameter_id}`, payload: { name: 'Zq floor area', type_of_parameter: 'number' }, headers: admin.auth });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await shown()).toBe('Zq floor area');
  });
});
