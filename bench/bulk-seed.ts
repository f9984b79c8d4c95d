// Fills the database with N listings in minutes: every new listing is a copy of one of the demo's
// listings (its category, city, owner, title, text, rooms, parameters, facilities, pictures and
// documents), moved a few kilometres, priced a little differently, posted on another day and seen
// a different number of times. So the bench's data has the demo's distributions — cities, rent vs
// sale, price ranges per city and category, rooms — without importing the demo generator; it reads
// what the demo seed wrote. Plain SQL (`insert … select … from generate_series`), chunked, so it
// runs the same on PostgreSQL and on the embedded PGlite.
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../apps/server/src/db/client.ts';

/** Bench copies carry this in their slug (`<template slug>-x<n>`); templates are the rows without it. */
const COPY_SLUG = '-x';
const CHUNK = 50_000;
/** The tables a listing copy writes; their secondary indexes are dropped while loading, then rebuilt. */
const LOADED_TABLES = ['properties', 'property_parameters', 'property_facilities', 'property_images', 'property_documents'];

const one = async <T>(db: Database, query: ReturnType<typeof sql>): Promise<T> => rowsOf<T>(await db.execute(query))[0];

export async function countListings(db: Database): Promise<number> {
  return (await one<{ n: number }>(db, sql`select count(*)::int as n from properties`)).n;
}

/**
 * Adds listings until the table holds `target`. Indexes are rebuilt once at the end (much faster
 * than maintaining them row by row); their definitions wait in `bench_dropped_indexes` meanwhile,
 * so a run cut short restores them on the next start.
 */
export async function bulkSeedListings(db: Database, target: number, log: (message: string) => void = console.log): Promise<void> {
  await restoreIndexes(db, log);
  const have = await countListings(db);
  if (have >= target) return;
  const started = Date.now();
  await db.execute(sql`drop table if exists bench_template`);
  // Templates: the demo's own rows, numbered 1..T; copies keep their template's status (some unlisted).
  await db.execute(sql`
    create table bench_template as
    select row_number() over (order by id)::int as n, id from properties
    where slug_id !~ ${`${COPY_SLUG}[0-9]+$`}`);
  const templates = (await one<{ n: number }>(db, sql`select count(*)::int as n from bench_template`)).n;
  if (!templates) throw new Error('no demo listings to copy: seed the demo first');
  const toAdd = target - have;
  if (toAdd > CHUNK) await dropIndexes(db, log);
  let done = 0;
  while (done < toAdd) {
    const size = Math.min(CHUNK, toAdd - done);
    await insertChunk(db, templates, size);
    done += size;
    log(`  ${(have + done).toLocaleString()} / ${target.toLocaleString()} listings (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  await db.execute(sql`drop table bench_template`);
  await db.execute(sql`select setval(pg_get_serial_sequence('properties', 'id'), (select max(id) from properties))`);
  await db.execute(sql`select setval(pg_get_serial_sequence('property_images', 'id'), (select max(id) from property_images))`);
  await db.execute(sql`select setval(pg_get_serial_sequence('property_documents', 'id'), (select max(id) from property_documents))`);
  await restoreIndexes(db, log);
  await recountListed(db);
  log(`  rebuilt indexes, counted listings per owner, category and city; analysing…`);
  // What autovacuum would do on a live server: statistics and the visibility map.
  for (const table of LOADED_TABLES) await db.execute(sql.raw(`vacuum analyze ${table}`));
  log(`  seeded ${toAdd.toLocaleString()} listings in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

async function insertChunk(db: Database, templates: number, size: number): Promise<void> {
  await db.transaction(async (tx) => {
    // Copies of valid rows: skip the per-row foreign-key triggers (they cost more than the insert).
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
      create temp table bench_pick on commit drop as
      with drawn as materialized (
        select g, 1 + floor(random() * ${templates})::int as n,
          random() as r_price, random() as r_age, random() as r_click, random() as r_like,
          (random() + random() + random() - 1.5) as r_lat, (random() + random() + random() - 1.5) as r_lng
        from generate_series(1, ${size}) g
      )
      select (select coalesce(max(id), 0) from properties) + d.g as id, t.id as template_id,
        d.r_price, d.r_age, d.r_click, d.r_like, d.r_lat, d.r_lng
      from drawn d join bench_template t on t.n = d.n`);
    // ~3 km around the template's spot; prices spread ±40 % (rounded as people price);
    // posted within two years, recent ones more often; views and likes long-tailed.
    await tx.execute(sql`
      insert into properties (id, slug_id, title, description, price, category_id, property_type, rentduration,
        address, client_address, city, state, country, latitude, longitude, title_image, three_d_image, video_link,
        meta_title, meta_description, meta_keywords, meta_image, is_premium, status, request_status, owner_id,
        bedrooms, bathrooms, living_rooms, floors, area, card_parameters, card_facilities, total_click, total_favourites, total_interested, created_at, updated_at)
      select b.id, t.slug_id || ${COPY_SLUG} || b.id, t.title, t.description,
        round(t.price * (0.6 + 0.8 * b.r_price) / case when t.property_type in (1, 3) then 100 else 10000 end)
          * case when t.property_type in (1, 3) then 100 else 10000 end,
        t.category_id, t.property_type, t.rentduration,
        t.address, t.client_address, t.city, t.state, t.country,
        t.latitude + b.r_lat * 0.03, t.longitude + b.r_lng * 0.03,
        t.title_image, t.three_d_image, t.video_link, t.meta_title, t.meta_description, t.meta_keywords, t.meta_image,
        t.is_premium, t.status, t.request_status, t.owner_id,
        t.bedrooms, t.bathrooms, t.living_rooms, t.floors, t.area,
        -- The children below are copied as the template's, and replica mode skips the triggers that copy them onto the row.
        t.card_parameters, t.card_facilities,
        floor(power(b.r_click, 4) * 20000)::int, floor(power(b.r_like, 5) * 300)::int, floor(power(b.r_like, 6) * 40)::int,
        now() - power(b.r_age, 1.5) * interval '730 days', now() - power(b.r_age, 1.5) * interval '730 days' + interval '1 hour'
      from bench_pick b join properties t on t.id = b.template_id`);
    // Children in listing order, as a listing's own writes lay them out (its rows share pages).
    await tx.execute(sql`
      insert into property_parameters (property_id, parameter_id, value)
      select b.id, pp.parameter_id, pp.value from bench_pick b join property_parameters pp on pp.property_id = b.template_id order by b.id`);
    await tx.execute(sql`
      insert into property_facilities (property_id, facility_id, distance)
      select b.id, pf.facility_id, pf.distance from bench_pick b join property_facilities pf on pf.property_id = b.template_id order by b.id`);
    await tx.execute(sql`
      insert into property_images (property_id, image, sequence, created_at)
      select b.id, i.image, i.sequence, i.created_at from bench_pick b join property_images i on i.property_id = b.template_id order by b.id`);
    await tx.execute(sql`
      insert into property_documents (property_id, name, type, file, file_name, created_at)
      select b.id, d.name, d.type, d.file, d.file_name, d.created_at from bench_pick b join property_documents d on d.property_id = b.template_id order by b.id`);
  });
}

/**
 * The listed counts that triggers keep on a live server (migrations 0009 and 0027), counted afresh:
 * replica mode skipped those triggers for the copies.
 */
export async function recountListed(db: Database): Promise<void> {
  const listed = sql`status = 1 and request_status = 'approved'`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`update users u set listed_properties = coalesce((select count(*)::int from properties p where p.owner_id = u.id and ${listed}), 0)`);
    await tx.execute(sql`update categories k set listed_properties = coalesce((select count(*)::int from properties p where p.category_id = k.id and ${listed}), 0)`);
    await tx.execute(sql`delete from city_listings`);
    await tx.execute(sql`insert into city_listings (city_key, listed) select lower(city), count(*)::int from properties where ${listed} and city is not null group by lower(city)`);
  });
}

/** Drops the loaded tables' secondary indexes (not those behind primary keys or unique constraints). */
async function dropIndexes(db: Database, log: (message: string) => void): Promise<void> {
  await db.execute(sql`create table if not exists bench_dropped_indexes (name text primary key, definition text not null)`);
  const names = sql.join(LOADED_TABLES.map((t) => sql`${t}`), sql`, `);
  const indexes = rowsOf<{ name: string; definition: string }>(
    await db.execute(sql`
      select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i join pg_class c on c.oid = i.indrelid
      where c.relname in (${names}) and c.relnamespace = 'public'::regnamespace
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`),
  );
  for (const index of indexes) {
    await db.execute(sql`insert into bench_dropped_indexes (name, definition) values (${index.name}, ${index.definition}) on conflict do nothing`);
    await db.execute(sql.raw(`drop index if exists ${index.name}`));
  }
  log(`  dropped ${indexes.length} indexes while loading`);
}

async function restoreIndexes(db: Database, log: (message: string) => void): Promise<void> {
  const saved = await one<{ t: string | null }>(db, sql`select to_regclass('bench_dropped_indexes')::text as t`);
  if (!saved.t) return;
  const indexes = rowsOf<{ name: string; definition: string }>(await db.execute(sql`select name, definition from bench_dropped_indexes`));
  for (const index of indexes) {
    const started = Date.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local maintenance_work_mem = '512MB'`);
      await tx.execute(sql.raw(index.definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS ')));
      await tx.execute(sql`delete from bench_dropped_indexes where name = ${index.name}`);
    });
    log(`  index ${index.name} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  await db.execute(sql`drop table bench_dropped_indexes`);
}
