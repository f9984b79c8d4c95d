// Owners' listings (issue 13): post_property, update_post_property, delete_property,
// update_property_status, change-property-status and get-added-properties — gates, ownership with a
// second user, moderation, media by content, and rows and files written all-or-nothing.
// Runs on PGlite and on PostgreSQL.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_GALLERY_IMAGES } from '@estate/core';
import { MediaStore } from '../src/platform/media.ts';
import { createUserWithToken, holdPackageFor } from './factories.ts';
import { createTestApp, rows, type TestApp } from './harness.ts';
import { multipart, type TestFile } from './multipart.ts';

let t: TestApp;
let mediaRoot: string;
let category: { id: number; parameters: { id: number; name: string; type: string; required: boolean; values: string[] | null }[] };
let facilityIds: number[];

beforeAll(async () => {
  mediaRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'owner-media-'));
  t = await createTestApp({}, { media: new MediaStore(mediaRoot) });
  const [withParameters] = await rows<{ id: number }>(
    t.db,
    sql`select cp.category_id as id from category_parameters cp join parameters pa on pa.id = cp.parameter_id
        where pa.type_of_parameter = 'dropdown' group by cp.category_id order by count(*) desc, cp.category_id limit 1`,
  );
  const parameters = await rows<{ id: number; name: string; type: string; required: boolean; values: string[] | null }>(
    t.db,
    sql`select pa.id, pa.name, pa.type_of_parameter as type, pa.is_required as required, pa.type_values as values
        from category_parameters cp join parameters pa on pa.id = cp.parameter_id where cp.category_id = ${withParameters.id} order by cp.sequence`,
  );
  category = { id: withParameters.id, parameters };
  facilityIds = (await rows<{ id: number }>(t.db, sql`select id from outdoor_facilities order by id limit 2`)).map((r) => r.id);
});
afterAll(async () => {
  await t?.close();
  await fs.rm(mediaRoot, { recursive: true, force: true });
});

/** A photo as a phone takes it: JPEG with EXIF, GPS included. */
const photo = (name: string, colour = '#c0392b', filename = `${name}.jpg`): Promise<TestFile> =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Owner' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '19/1 4/1 0/1' } })
    .toBuffer()
    .then((data) => ({ name, filename, type: 'image/jpeg', data }));

const pdf = (name: string): TestFile => ({ name, filename: 'Floor plan.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n') });

/** A user who passes the profile gate and holds `property_list` (unlimited unless a limit is given). */
async function owner(limit: number | null = null, overrides: Record<string, unknown> = {}) {
  const made = await createUserWithToken(t.db, { mobile: `+91${Math.floor(7e9 + Math.random() * 1e9)}`, profile: 'profiles/x-w160.webp', address: '1 Test Road, Mumbai', ...overrides });
  const userPackageId = await holdPackageFor(t.db, made.user.id, { property_list: limit });
  return { ...made, userPackageId };
}

/** The fields of a valid listing in `category`, with its required parameters filled. */
function listingFields(overrides: Record<string, string> = {}): Record<string, string> {
  const fields: Record<string, string> = {
    title: 'Sunny 2 BHK near the sea',
    description: 'Two bedrooms, a balcony facing west.',
    category_id: String(category.id),
    property_type: '0',
    price: '12500000',
    address: 'Carter Road, Bandra West',
    city: 'Mumbai',
    state: 'Maharashtra',
    country: 'India',
    latitude: '19.0650',
    longitude: '72.8220',
    ...overrides,
  };
  let i = 0;
  for (const p of category.parameters) {
    if (p.type === 'number' && p.required) {
      fields[`parameters[${i}][parameter_id]`] = String(p.id);
      fields[`parameters[${i++}][value]`] = '2';
    }
  }
  const dropdown = category.parameters.find((p) => p.type === 'dropdown')!;
  fields[`parameters[${i}][parameter_id]`] = String(dropdown.id);
  fields[`parameters[${i}][value]`] = dropdown.values![0];
  facilityIds.forEach((id, n) => {
    fields[`facilities[${n}][facility_id]`] = String(id);
    fields[`facilities[${n}][distance]`] = String(n + 1.5);
  });
  return fields;
}

async function post(url: string, auth: Record<string, string>, fields: Record<string, string>, ...files: (TestFile | undefined)[]) {
  const body = multipart(fields, ...files);
  return t.request({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...auth } });
}

const postJson = (url: string, auth: Record<string, string>, payload: Record<string, unknown>) => t.request({ method: 'POST', url, payload, headers: auth });

/** Every file under the owners' media folder. */
async function storedFiles(): Promise<string[]> {
  const dir = path.join(mediaRoot, 'listings');
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(mediaRoot, path.join(e.parentPath, e.name)));
}

const countOwned = async (userId: number) => (await rows<{ n: number }>(t.db, sql`select count(*)::int as n from properties where owner_id = ${userId}`))[0].n;
const usedOf = async (userPackageId: number) =>
  (await rows<{ used_limit: number }>(t.db, sql`select used_limit from user_package_features where user_package_id = ${userPackageId}`))[0].used_limit;
const keyOf = (url: string) => new URL(url).pathname.replace(/^\/media\//, '');

async function addListing(o: { auth: Record<string, string> }, overrides: Record<string, string> = {}) {
  const res = await post('/api/post_property', o.auth, listingFields(overrides), await photo('title_image'), await photo('gallery_images[0]', '#2980b9'), await photo('gallery_images[1]', '#27ae60'), pdf('documents[0]'));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data[0];
}

describe('post_property', () => {
  it('adds a listing with pictures re-encoded without EXIF, a document, parameters and facilities, pending review', async () => {
    const o = await owner();
    const before = await storedFiles();
    const listing = await addListing(o);

    expect(listing).toMatchObject({
      title: 'Sunny 2 BHK near the sea',
      slug_id: expect.stringMatching(/^sunny-2-bhk-near-the-sea(-\d+)?$/),
      property_type: 'sell',
      price: 12500000,
      city: 'Mumbai',
      request_status: 'pending',
      status: 1,
      rentduration: null,
      customer_id: o.user.id,
      reject_reason: null,
      is_feature_available: false,
      price_history: [{ price: 12500000, changed_at: expect.any(String) }],
    });
    expect(listing.gallery).toHaveLength(2);
    expect(listing.documents).toEqual([expect.objectContaining({ type: 'pdf', file_name: 'Floor plan.pdf', name: 'Floor plan' })]);
    expect(listing.assign_facilities.map((f: { facility_id: number; distance: number }) => [f.facility_id, f.distance])).toEqual(facilityIds.map((id, n) => [id, n + 1.5]));
    const dropdown = category.parameters.find((p) => p.type === 'dropdown')!;
    expect(listing.parameters).toContainEqual(expect.objectContaining({ id: dropdown.id, value: dropdown.values![0] }));

    // Pictures: WebP at the web app's widths, no EXIF (GPS included) left.
    const title = path.join(mediaRoot, keyOf(listing.title_image));
    expect(title).toMatch(/-w960\.webp$/);
    const meta = await sharp(title).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    const added = (await storedFiles()).filter((f) => !before.includes(f));
    // 3 pictures × 3 widths + 1 PDF.
    expect(added).toHaveLength(10);
    // Search columns copied from the parameters with codes.
    const [row] = await rows<{ bedrooms: number | null; owner_id: number; paid_with_package_id: number }>(t.db, sql`select bedrooms, owner_id, paid_with_package_id from properties where id = ${listing.id}`);
    expect(row).toMatchObject({ owner_id: o.user.id, paid_with_package_id: o.userPackageId });
    expect(await usedOf(o.userPackageId)).toBe(1);
  });

  it('keeps a pending listing from everyone but its owner', async () => {
    const o = await owner();
    const other = await createUserWithToken(t.db);
    const listing = await addListing(o);
    expect((await t.get('/api/get_property', { slug_id: listing.slug_id })).status).toBe(404);
    expect((await t.get('/api/get_property', { slug_id: listing.slug_id }, other.auth)).status).toBe(404);
    expect((await t.get('/api/get_property', { slug_id: listing.slug_id }, o.auth)).status).toBe(200);
    const list = await t.get('/api/get-property-list', { search: 'Sunny', limit: 50 });
    expect(list.body.data.map((p: { id: number }) => p.id)).not.toContain(listing.id);
  });

  it('approves at once when settings say auto_approve, or the owner is verified', async () => {
    const verified = await owner(null, { verificationStatus: 'success' });
    expect((await addListing(verified)).request_status).toBe('approved');
    await t.services.settings.update({ auto_approve: '1' });
    try {
      expect((await addListing(await owner())).request_status).toBe('approved');
    } finally {
      await t.services.settings.update({ auto_approve: '0' });
    }
  });

  it('stops an incomplete profile, an unverified owner when verification is required, and a user without property_list — writing nothing', async () => {
    const before = await storedFiles();
    const incomplete = await createUserWithToken(t.db);
    await holdPackageFor(t.db, incomplete.user.id, { property_list: null });
    const refused = await post('/api/post_property', incomplete.auth, listingFields(), await photo('title_image'));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: true, code: 'profile_incomplete', message: 'you have not completed your profile' });

    await t.services.settings.update({ verification_required_for_user: '1' });
    try {
      for (const [status, code] of [
        ['pending', 'verification_pending'],
        ['failed', 'verification_failed'],
        ['initial', 'not_verified'],
      ] as const) {
        const o = await owner(null, { verificationStatus: status });
        const res = await post('/api/post_property', o.auth, listingFields(), await photo('title_image'));
        expect(res.status).toBe(403);
        expect(res.body.code).toBe(code);
        expect(await countOwned(o.user.id)).toBe(0);
      }
    } finally {
      await t.services.settings.update({ verification_required_for_user: '0' });
    }

    const noPackage = await createUserWithToken(t.db, { mobile: '+919800000001', profile: 'profiles/y-w160.webp', address: 'Somewhere' });
    const gated = await post('/api/post_property', noPackage.auth, listingFields(), await photo('title_image'), await photo('gallery_images[0]'));
    expect(gated.status).toBe(403);
    expect(gated.body).toMatchObject({ code: 'feature_unavailable', feature: 'property_list' });
    expect(await countOwned(noPackage.user.id)).toBe(0);
    // The pictures it stored before the package was checked are gone again.
    expect(await storedFiles()).toEqual(before);
  });

  it('spends one unit per listing and refuses when the package is used up', async () => {
    const o = await owner(1);
    await addListing(o);
    const second = await post('/api/post_property', o.auth, listingFields(), await photo('title_image'));
    expect(second.status).toBe(403);
    expect(second.body.code).toBe('feature_unavailable');
    expect(await usedOf(o.userPackageId)).toBe(1);
    expect(await countOwned(o.user.id)).toBe(1);
  });

  it('answers 400 with the field for bad input and stores nothing', async () => {
    const o = await owner();
    const before = await storedFiles();
    const text: TestFile = { name: 'title_image', filename: 'photo.jpg', type: 'image/jpeg', data: Buffer.from('not a picture at all') };
    const dropdown = category.parameters.find((p) => p.type === 'dropdown')!;
    const cases: [Record<string, string>, (TestFile | undefined)[], string][] = [
      [listingFields(), [text], 'title_image'],
      [listingFields(), [], 'title_image'],
      [listingFields({ category_id: '999999' }), [await photo('title_image')], 'category_id'],
      [listingFields({ price: '-1' }), [await photo('title_image')], 'price'],
      [listingFields({ property_type: '2' }), [await photo('title_image')], 'property_type'],
      [listingFields({ latitude: '19.1', longitude: '' }), [await photo('title_image')], 'longitude'],
      [listingFields({ 'parameters[9][parameter_id]': String(dropdown.id), 'parameters[9][value]': 'Floating' }), [await photo('title_image')], `parameters.${dropdown.id}`],
      [listingFields({ 'facilities[5][facility_id]': '999999', 'facilities[5][distance]': '1' }), [await photo('title_image')], 'facilities'],
      [listingFields(), [await photo('title_image'), { name: 'documents[0]', filename: 'x.exe', type: 'application/pdf', data: Buffer.from('MZ\x90\x00 not a pdf') }], 'documents'],
    ];
    for (const [fields, files, field] of cases) {
      const res = await post('/api/post_property', o.auth, fields, ...files);
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(res.body)).toContain(field);
    }
    expect(await countOwned(o.user.id)).toBe(0);
    expect(await storedFiles()).toEqual(before);
    expect(await usedOf(o.userPackageId)).toBe(0);
  });

  it(`refuses more than ${MAX_GALLERY_IMAGES} gallery pictures, and a file over the size limit with 413`, async () => {
    const o = await owner();
    const many = await Promise.all(Array.from({ length: MAX_GALLERY_IMAGES + 1 }, (_, i) => photo(`gallery_images[${i}]`)));
    const tooMany = await post('/api/post_property', o.auth, listingFields(), await photo('title_image'), ...many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toHaveProperty('gallery_images');
    const huge: TestFile = { name: 'title_image', filename: 'huge.jpg', type: 'image/jpeg', data: Buffer.alloc(11 * 1024 * 1024, 1) };
    const tooLarge = await post('/api/post_property', o.auth, listingFields(), huge);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toMatch(/too large|larger than/i);
    expect(await countOwned(o.user.id)).toBe(0);
  });

  it('gives two listings with the same title, posted at once, two slugs', async () => {
    const o = await owner();
    const title = `Twin villa ${Date.now()}`;
    const [a, b] = await Promise.all([addListing(o, { title }), addListing(o, { title })]);
    expect(new Set([a.slug_id, b.slug_id]).size).toBe(2);
    expect([a.slug_id, b.slug_id].sort()).toEqual([`twin-villa-${title.split(' ')[2]}`, `twin-villa-${title.split(' ')[2]}-2`].sort());
  });
});

describe('update_post_property', () => {
  it('removes a picture and its files, lowers the price into the history, and resubmits for review', async () => {
    const o = await owner();
    const listing = await addListing(o);
    await t.db.execute(sql`update properties set request_status = 'rejected', reject_reason = 'Blurry photos' where id = ${listing.id}`);
    const removed = listing.gallery[0];
    const removedFile = path.join(mediaRoot, keyOf(removed.image));
    await fs.access(removedFile);

    const res = await post('/api/update_post_property', o.auth, { id: String(listing.id), price: '11900000', 'remove_gallery_images[0]': String(removed.id) }, await photo('gallery_images[0]', '#8e44ad'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const updated = res.body.data[0];
    expect(updated.price).toBe(11900000);
    expect(updated.request_status).toBe('pending');
    expect(updated.reject_reason).toBeNull();
    expect(updated.gallery.map((g: { id: number }) => g.id)).not.toContain(removed.id);
    expect(updated.gallery).toHaveLength(2);
    expect(updated.price_history.map((p: { price: number }) => p.price)).toEqual([11900000, 12500000]);
    await expect(fs.access(removedFile)).rejects.toThrow();
    // Fields not sent stay as they were.
    expect(updated).toMatchObject({ title: listing.title, city: 'Mumbai', property_type: 'sell', documents: listing.documents });
  });

  it('gives a retitled live listing a new slug while the old one still finds it', async () => {
    const o = await owner(null, { verificationStatus: 'success' });
    const listing = await addListing(o, { title: `Lake view cottage ${Date.now()}` });
    const res = await postJson('/api/update_post_property', o.auth, { id: listing.id, title: `Hill view cottage ${Date.now()}` });
    expect(res.status).toBe(200);
    const renamed = res.body.data[0];
    expect(renamed.slug_id).not.toBe(listing.slug_id);
    expect(renamed.slug_id).toMatch(/^hill-view-cottage-/);
    const byOld = await t.get('/api/get_property', { slug_id: listing.slug_id });
    expect(byOld.status).toBe(200);
    expect(byOld.body.data[0]).toMatchObject({ id: listing.id, slug_id: renamed.slug_id });
  });

  it('deletes with action_type 1', async () => {
    const o = await owner();
    const listing = await addListing(o);
    const res = await postJson('/api/update_post_property', o.auth, { id: listing.id, action_type: 1 });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(await countOwned(o.user.id)).toBe(0);
  });
});

describe('a second user', () => {
  it('can change nothing of another’s listing: 404 while it is unlisted, 403 once it is public', async () => {
    const o = await owner();
    const intruder = await owner();
    const listing = await addListing(o);
    const snapshot = async () => (await rows(t.db, sql`select * from properties where id = ${listing.id}`))[0];
    const filesBefore = await storedFiles();
    const before = await snapshot();
    const attempts = async () => [
      await post('/api/update_post_property', intruder.auth, { id: String(listing.id), price: '1' }, await photo('title_image')),
      await postJson('/api/update_post_property', intruder.auth, { id: listing.id, action_type: 1 }),
      await postJson('/api/delete_property', intruder.auth, { id: listing.id }),
      await postJson('/api/update_property_status', intruder.auth, { property_id: listing.id, status: 2 }),
      await postJson('/api/change-property-status', intruder.auth, { property_id: listing.id, status: 0 }),
    ];
    for (const res of await attempts()) expect(res.status).toBe(404);
    await t.db.execute(sql`update properties set request_status = 'approved' where id = ${listing.id}`);
    const approved = await snapshot();
    for (const res of await attempts()) expect(res.status).toBe(403);
    expect(await snapshot()).toEqual(approved);
    expect({ ...before, request_status: 'approved' }).toEqual(approved);
    expect(await storedFiles()).toEqual(filesBefore);
    const theirs = await t.get('/api/get-added-properties', {}, intruder.auth);
    expect(theirs.body.data.map((p: { id: number }) => p.id)).not.toContain(listing.id);
  });
});

describe('status and deletion', () => {
  it('marks a sale listing sold and back, refuses rented; pauses only an approved listing', async () => {
    const o = await owner();
    const listing = await addListing(o);
    expect((await postJson('/api/update_property_status', o.auth, { property_id: listing.id, status: 3 })).status).toBe(400);
    const sold = await postJson('/api/update_property_status', o.auth, { property_id: listing.id, status: 2 });
    expect(sold.status).toBe(200);
    expect(sold.body.data[0].property_type).toBe('sold');
    expect((await postJson('/api/update_property_status', o.auth, { property_id: listing.id, status: 0 })).body.data[0].property_type).toBe('sell');

    const paused = await postJson('/api/change-property-status', o.auth, { property_id: listing.id, status: 0 });
    expect(paused.status).toBe(400);
    await t.db.execute(sql`update properties set request_status = 'approved' where id = ${listing.id}`);
    expect((await postJson('/api/change-property-status', o.auth, { property_id: listing.id, status: 0 })).body.data[0].status).toBe(0);
    expect((await t.get('/api/get_property', { slug_id: listing.slug_id })).status).toBe(404);
    expect((await postJson('/api/change-property-status', o.auth, { property_id: listing.id, status: 1 })).body.data[0].status).toBe(1);
    expect((await t.get('/api/get_property', { slug_id: listing.slug_id })).status).toBe(200);
  });

  it('deletes the rows and the files, and gives back the unit of a listing never approved', async () => {
    const o = await owner(2);
    const listing = await addListing(o);
    const files = [listing.title_image, ...listing.gallery.map((g: { image: string }) => g.image), ...listing.documents.map((d: { file: string }) => d.file)].map(keyOf);
    expect(await usedOf(o.userPackageId)).toBe(1);
    const res = await postJson('/api/delete_property', o.auth, { id: listing.id });
    expect(res.status).toBe(200);
    expect(await countOwned(o.user.id)).toBe(0);
    for (const key of files) await expect(fs.access(path.join(mediaRoot, key))).rejects.toThrow();
    expect(await usedOf(o.userPackageId)).toBe(0);

    // An approved listing's unit stays spent.
    const live = await addListing(o);
    await t.db.execute(sql`update properties set request_status = 'approved' where id = ${live.id}`);
    await postJson('/api/delete_property', o.auth, { id: live.id });
    expect(await usedOf(o.userPackageId)).toBe(1);
    expect((await postJson('/api/delete_property', o.auth, { id: live.id })).status).toBe(404);
  });
});

describe('get-added-properties', () => {
  it('lists one’s own listings in every state with filters, views and interested users', async () => {
    const o = await owner();
    const fan = await createUserWithToken(t.db);
    const a = await addListing(o);
    const b = await addListing(o, { property_type: '1', rentduration: 'Monthly', price: '45000' });
    await t.db.execute(sql`update properties set request_status = 'approved', total_click = 7 where id = ${b.id}`);
    await postJson('/api/interested_users', fan.auth, { property_id: b.id, type: 1 });

    const all = await t.get('/api/get-added-properties', {}, o.auth);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(2);
    expect(all.body.total_views).toBe(7);
    expect(all.body.data.map((p: { id: number }) => p.id)).toEqual([b.id, a.id]);
    const rent = all.body.data[0];
    expect(rent).toMatchObject({ property_type: 'rent', rentduration: 'Monthly', is_feature_available: true, total_interested_users: 1 });
    expect(rent.interested_users).toEqual([expect.objectContaining({ id: fan.user.id })]);

    expect((await t.get('/api/get-added-properties', { state: 'pending' }, o.auth)).body.data.map((p: { id: number }) => p.id)).toEqual([a.id]);
    expect((await t.get('/api/get-added-properties', { property_type: 1 }, o.auth)).body.data.map((p: { id: number }) => p.id)).toEqual([b.id]);
    expect((await t.get('/api/get-added-properties', { id: a.id }, o.auth)).body.total).toBe(1);
    expect((await t.get('/api/get-added-properties', {})).status).toBe(401);
  });
});

describe('deleting an account', () => {
  it('removes its listings’ uploaded pictures and documents with it', async () => {
    const o = await owner();
    const listing = await addListing(o);
    const files = [listing.title_image, ...listing.gallery.map((g: { image: string }) => g.image), listing.documents[0].file].map((u: string) => path.join(mediaRoot, keyOf(u)));
    for (const file of files) await fs.access(file);
    expect((await postJson('/api/delete_user', o.auth, {})).status).toBe(200);
    expect(await countOwned(o.user.id)).toBe(0);
    for (const file of files) await expect(fs.access(file)).rejects.toThrow();
  });
});

describe('the start-up sweep', () => {
  it('removes owners’ files no row points at, and keeps the rest', async () => {
    const o = await owner();
    const listing = await addListing(o);
    const orphan = path.join(mediaRoot, 'listings', 'orphan-w960.webp');
    await fs.writeFile(orphan, 'left by a crash');
    const removed = await t.services.propertyOwners.sweepOrphans(0);
    expect(removed).toBeGreaterThanOrEqual(1);
    await expect(fs.access(orphan)).rejects.toThrow();
    await fs.access(path.join(mediaRoot, keyOf(listing.title_image)));
    await fs.access(path.join(mediaRoot, keyOf(listing.documents[0].file)));
  });
});
