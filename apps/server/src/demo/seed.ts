import { FEATURE_TYPES, slugify, stripHtml, truncate } from '@estate/core';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../platform/password.ts';
import type { MediaStore } from '../platform/media.ts';
import { rowsOf, type Database, type Executor } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { BUNDLED_LANGUAGES, bundledDictionary } from '../i18n/bundled.ts';
import {
  AGENTS,
  AGENT_VERIFICATION_FIELDS,
  ARTICLES,
  ARTICLE_CATEGORIES,
  CATEGORIES,
  CITIES,
  FACILITIES,
  FAQS,
  PACKAGES,
  PARAMETERS,
  PROJECTS,
  REPORT_REASONS,
  SETTINGS,
  SLIDERS,
  USERS,
  composePropertyDescription,
  composePropertyTitle,
  createRng,
  renderParameterIcon,
  renderPdf,
  type Rng,
} from './assets/index.ts';
import {
  FULL_POOL,
  SMALL_POOL,
  renderArticleImage,
  renderAvatarImage,
  renderCategoryImage,
  renderCityImage,
  renderFacilityImage,
  renderCovers,
  renderFloorPlans,
  renderImagePool,
  floorPlanTitleFor,
  renderSliderImage,
  type ImagePool,
} from './images.ts';
import { insertListings, type ListingMarket } from './listings.ts';
import { planListings, type ListingPlan } from './market-model.ts';
import { renderPanoramaPool } from './panoramas.ts';
import { RENDERERS, mapLimit } from './render-cache.ts';
import { renderWalkthroughVideos } from './videos.ts';
import { packageRepository, SIGNUP_PACKAGE_SETTING } from '../modules/packages/repository.ts';
import { CATEGORY_NAMES, FACILITY_NAMES, FAQ_TEXTS, PARAMETER_NAMES, SLIDER_TEXTS, asTranslations } from './assets/data-translations.ts';

export const DEMO_ACCOUNTS = {
  user: { email: 'demo@gharbazaar.example.com', password: 'Demo@12345', name: 'Priya Sharma' },
  admin: { email: 'admin@gharbazaar.example.com', password: 'Admin@12345', name: 'Site Administrator' },
} as const;

export const DEMO_LISTINGS = 580;
const SEEDED_KEY = 'demo_seeded_at';
const SEED = 20261121;
const DAY = 86_400_000;

/**
 * The demo catalogue, FAQs and slides in Hindi and Arabic, on rows that have no translations yet
 * (an operator's own stay as they are), matched by their English text. Cheap; runs at boot.
 */
export async function addDemoDataTranslations(db: Executor): Promise<void> {
  const fill = async (table: string, column: string, texts: Record<string, unknown>, field = column) => {
    for (const [english, langs] of Object.entries(texts)) {
      const value = field === '*' ? langs : asTranslations(column, langs as { hi: string; ar: string });
      await db.execute(sql`update ${sql.identifier(table)} set translations = ${JSON.stringify(value)}::jsonb where translations = '{}'::jsonb and ${sql.identifier(column)} = ${english}`);
    }
  };
  await fill('categories', 'category', CATEGORY_NAMES);
  await fill('parameters', 'name', PARAMETER_NAMES);
  await fill('outdoor_facilities', 'name', FACILITY_NAMES);
  await fill('faqs', 'question', FAQ_TEXTS, '*');
  await fill('sliders', 'heading', SLIDER_TEXTS, '*');
}

export interface SeedOptions {
  /** A small picture pool (tests): the same code paths, fewer images to render. */
  small?: boolean;
  listings?: number;
  log?: (message: string) => void;
}

/**
 * Seeds the demo market on first start — never twice. Pictures are rendered first (idempotent
 * files); every row, and the "seeded" mark, is written in one transaction.
 */
export async function seedDemoDataOnce(db: Database, media: MediaStore, opts: SeedOptions = {}): Promise<boolean> {
  if (await isSeeded(db)) return false;
  const log = opts.log ?? (() => {});
  const plans = planListings(createRng(SEED).fork('plan'), CITIES, CATEGORIES, opts.listings ?? DEMO_LISTINGS);
  log(`rendering demo pictures for ${plans.length} listings…`);
  const pictures = await renderPictures(media, plans, opts.small ?? false);
  const passwords = { user: await hashPassword(DEMO_ACCOUNTS.user.password), admin: await hashPassword(DEMO_ACCOUNTS.admin.password) };
  log('writing demo data…');
  return db.transaction(async (tx) => {
    // Two instances starting together: the second waits here, then sees the mark and stops.
    await tx.execute(sql`select pg_advisory_xact_lock(727274)`);
    if (await isSeeded(tx)) return false;
    await writeDemoData(tx, pictures, passwords, plans);
    await addDemoDataTranslations(tx);
    await tx.insert(t.settings).values({ key: SEEDED_KEY, value: new Date().toISOString() });
    return true;
  });
}

async function isSeeded(db: Executor): Promise<boolean> {
  return rowsOf<{ ok: boolean }>(await db.execute(sql`select exists (select 1 from settings where key = ${SEEDED_KEY}) as ok`))[0].ok;
}

type Pictures = Awaited<ReturnType<typeof renderPictures>>;

/**
 * Everything the demo shows, drawn here. The full demo gives each listing and project a cover of
 * its own and draws each project's plans from their titles; the small one (tests) shares a pool.
 */
async function renderPictures(media: MediaStore, plans: readonly ListingPlan[], small: boolean) {
  const pool = await renderImagePool(media, small ? SMALL_POOL : FULL_POOL);
  const projectKinds = PROJECTS.map((p) => (CATEGORIES.find((c) => c.name === p.category) ?? CATEGORIES[0]).illustration);
  const each = <T>(items: readonly T[], render: (item: T, i: number) => Promise<string>) => mapLimit(items, RENDERERS, render);
  const people = [...AGENTS.map((a) => a.name), ...USERS.map((u) => u.name), DEMO_ACCOUNTS.user.name];
  return {
    pool,
    categories: await each(CATEGORIES, (c, i) => renderCategoryImage(media, i, c.name)),
    facilities: await each(FACILITIES, (f, i) => renderFacilityImage(media, i, f.name)),
    parameters: await each(PARAMETERS, (p, i) =>
      media.putFile('demo/parameters', Buffer.from(renderParameterIcon(i + 1, p.name)), 'svg', `parameter-${i}`),
    ),
    cities: await each(CITIES, (c, i) => renderCityImage(media, i, c.name)),
    avatars: await each(people, (name, i) => renderAvatarImage(media, i, name)),
    articles: await each(ARTICLES, (a, i) => renderArticleImage(media, i, a.title)),
    sliders: await each(SLIDERS, (_s, i) => renderSliderImage(media, i)),
    covers: small ? undefined : await renderCovers(media, 'demo/properties', plans.map((p) => CATEGORIES[p.category].illustration)),
    projectCovers: small ? undefined : await renderCovers(media, 'demo/projects', projectKinds),
    projectPlans: small ? pool.floorPlans : await renderFloorPlans(media, PROJECTS.flatMap((p) => p.plans)),
    // 360° views and walkthrough videos for some homes and projects (the full demo only).
    panoramas: small ? [] : await renderPanoramaPool(media, 6),
    videos: small ? [] : await renderWalkthroughVideos(media, 4),
    projectBrochures: await each(PROJECTS, (p, i) =>
      media.putFile('demo/documents', renderPdf(`${p.name} – brochure`, [p.description, `Location: ${p.locality}, ${p.city}.`, `Configurations: ${p.plans.join('; ')}.`]), 'pdf', `project-${i}`),
    ),
  };
}

async function writeDemoData(tx: Executor, pictures: Pictures, passwords: { user: string; admin: string }, plans: ListingPlan[]) {
  const rng = createRng(SEED);
  const now = Date.now();

  await writeSettings(tx, pictures.pool);
  await tx.insert(t.languages).values(BUNDLED_LANGUAGES.map((l) => ({ ...l, translations: bundledDictionary(l.code) })));
  const signupPackageId = await writePackages(tx);

  // Catalogue
  const parameterRows = await tx
    .insert(t.parameters)
    .values(PARAMETERS.map((p, i) => ({ name: p.name, code: p.code, typeOfParameter: p.type_of_parameter, typeValues: p.type_values, isRequired: p.is_required, image: pictures.parameters[i] })))
    .returning({ id: t.parameters.id, name: t.parameters.name });
  const parameterId = new Map(parameterRows.map((p) => [p.name, p.id]));
  const categoryRows = await tx
    .insert(t.categories)
    .values(
      CATEGORIES.map((c, i) => ({
        category: c.name,
        slugId: c.slug,
        image: pictures.categories[i],
        sequence: i,
        metaTitle: `${c.name}s for sale and rent in India`,
        metaDescription: `Browse verified ${c.name.toLowerCase()} listings across India's biggest cities.`,
      })),
    )
    .returning({ id: t.categories.id, name: t.categories.category });
  const categoryId = new Map(categoryRows.map((c) => [c.name, c.id]));
  await tx.insert(t.categoryParameters).values(
    CATEGORIES.flatMap((c) => c.parameters.map((name, sequence) => ({ categoryId: categoryId.get(c.name)!, parameterId: parameterId.get(name)!, sequence }))),
  );
  const facilityRows = await tx
    .insert(t.outdoorFacilities)
    .values(FACILITIES.map((f, i) => ({ name: f.name, image: pictures.facilities[i] })))
    .returning({ id: t.outdoorFacilities.id });
  await tx.insert(t.cities).values(CITIES.map((c, i) => ({ name: c.name, state: c.state, country: c.country, latitude: c.latitude, longitude: c.longitude, image: pictures.cities[i] })));

  // People
  await tx
    .insert(t.users)
    .values({ slugId: 'site-administrator', role: 'admin', name: DEMO_ACCOUNTS.admin.name, email: DEMO_ACCOUNTS.admin.email, passwordHash: passwords.admin, emailVerifiedAt: new Date(), logintype: 3 });
  const agentRows = await tx
    .insert(t.users)
    .values(
      AGENTS.map((a, i) => {
        const city = CITIES.find((c) => c.name === a.city);
        return {
          slugId: slugify(a.name),
          role: 'agent' as const,
          name: a.name,
          email: a.email,
          mobile: a.mobile,
          profile: pictures.avatars[i],
          aboutMe: a.about_me,
          city: a.city,
          state: city?.state,
          country: 'India',
          address: city ? `${city.localities[0].name}, ${a.city}` : a.city,
          verificationStatus: a.verified ? ('success' as const) : i % 3 === 0 ? ('pending' as const) : ('initial' as const),
          emailVerifiedAt: new Date(),
          createdAt: new Date(now - rng.int(60, 900) * DAY),
        };
      }),
    )
    .returning({ id: t.users.id, status: t.users.verificationStatus });
  const ownerRows = await tx
    .insert(t.users)
    .values(USERS.map((u, i) => ({ slugId: slugify(u.name), name: u.name, email: u.email, mobile: u.mobile, city: u.city, country: 'India', profile: pictures.avatars[AGENTS.length + i], emailVerifiedAt: new Date() })))
    .returning({ id: t.users.id });
  const [demoUser] = await tx
    .insert(t.users)
    .values({
      slugId: slugify(DEMO_ACCOUNTS.user.name),
      name: DEMO_ACCOUNTS.user.name,
      email: DEMO_ACCOUNTS.user.email,
      mobile: '+919820012345',
      passwordHash: passwords.user,
      emailVerifiedAt: new Date(),
      profile: pictures.avatars[AGENTS.length + USERS.length],
      address: 'Hiranandani Gardens, Powai, Mumbai',
      city: 'Mumbai',
      state: 'Maharashtra',
      country: 'India',
      latitude: 19.1176,
      longitude: 72.906,
    })
    .returning({ id: t.users.id });

  // Every demo account but the administrator holds the package a sign-up gets.
  await packageRepository.grant(tx, signupPackageId, [...agentRows.map((a) => a.id), ...ownerRows.map((o) => o.id), demoUser.id]);

  // Listings: agents list most, some owners list their own, the platform lists the rest.
  const agentIds = agentRows.map((a) => a.id);
  const market = buildListingMarket(categoryId, parameterId, facilityRows.map((f) => f.id), [...agentIds, ...agentIds, ...agentIds, ...ownerRows.map((o) => o.id), null, null, null, null, null, null]);
  const propertyIds = await insertListings(tx, rng.fork('listings'), market, pictures.pool, plans, { covers: pictures.covers, panoramas: pictures.panoramas, videos: pictures.videos });
  const listed = rowsOf<{ id: number }>(await tx.execute(sql`select id from properties where status = 1 and request_status = 'approved' order by id`)).map((r) => r.id);

  await writeProjects(tx, rng.fork('projects'), pictures, categoryId, agentIds);
  await writeEngagement(tx, rng.fork('engagement'), listed, [...ownerRows.map((o) => o.id), demoUser.id]);
  await writePropertyDocuments(tx, rng.fork('documents'), listed, pictures.pool);
  await writeAdvertisements(tx, rng.fork('ads'), listed, agentIds);
  await writeContent(tx, pictures, categoryId, listed);
  await writeAgentVerification(tx, agentRows.filter((a) => a.status === 'pending').map((a) => a.id));
  await tx.insert(t.notifications).values([
    { title: 'Welcome to Ghar Bazaar', message: 'Save searches, shortlist homes and chat with owners — all in one place.', type: 0, sendType: 1 },
    { title: 'New in Powai', message: 'Fresh 2 and 3 BHK listings were added near Hiranandani Gardens this week.', type: 2, sendType: 1, propertyId: propertyIds[0] },
  ]);
}

async function writeSettings(tx: Executor, pool: ImagePool) {
  const s = SETTINGS;
  const values: Record<string, string> = {
    company_name: s.companyName,
    company_email: s.email,
    company_tel1: s.phone,
    company_address: s.address,
    currency_code: s.currency.code,
    currency_name: 'Indian Rupee',
    currency_symbol: s.currency.symbol,
    number_with_suffix: '1',
    svg_clr: '1',
    system_color: s.colours.primary,
    web_logo: pool.logo,
    web_footer_logo: pool.logo,
    web_placeholder_logo: pool.placeholder,
    favicon_icon: pool.logo,
    default_language: s.defaultLanguage,
    about_us: s.aboutUs,
    terms_conditions: s.termsAndConditions,
    privacy_policy: s.privacyPolicy,
    facebook_id: s.social.facebook,
    instagram_id: s.social.instagram,
    twitter_id: s.social.x,
    youtube_id: s.social.youtube,
    appstore_id: s.apps.appStoreId,
    playstore_id: s.apps.playStoreId,
    latitude: String(s.latitude),
    longitude: String(s.longitude),
    min_price: '0',
    max_price: '500000000',
    seo_title: `${s.companyName} – ${s.tagline}`,
    seo_description: `Buy, sell and rent homes, plots and offices across India on ${s.companyName}.`,
  };
  await tx.insert(t.settings).values(Object.entries(values).map(([key, value]) => ({ key, value })));
}

/** The packages on sale; the first free one is what every sign-up gets (answers its id). */
async function writePackages(tx: Executor): Promise<number> {
  const features = await tx.insert(t.features).values(FEATURE_TYPES.map((name) => ({ name }))).returning();
  const featureId = new Map(features.map((f) => [f.name, f.id]));
  let signupPackageId: number | null = null;
  for (const p of PACKAGES) {
    const [row] = await tx
      .insert(t.packages)
      .values({ name: p.name, packageType: p.package_type, price: String(p.price), duration: p.duration_hours })
      .returning({ id: t.packages.id });
    await tx.insert(t.packageFeatures).values(p.features.map((f) => ({ packageId: row.id, featureId: featureId.get(f.name)!, limitType: f.limit_type, limit: f.limit })));
    if (p.package_type === 'free') signupPackageId ??= row.id;
  }
  if (signupPackageId === null) throw new Error('The demo packages need a free one for sign-ups');
  await tx.insert(t.settings).values({ key: SIGNUP_PACKAGE_SETTING, value: String(signupPackageId) });
  return signupPackageId;
}

export function buildListingMarket(categoryId: Map<string, number>, parameterId: Map<string, number>, facilityIds: number[], owners: (number | null)[]): ListingMarket {
  return {
    cities: CITIES,
    categories: CATEGORIES.map((c) => ({ ...c, id: categoryId.get(c.name)!, parameterIds: c.parameters.map((name) => parameterId.get(name)!) })),
    parameters: new Map(PARAMETERS.map((p) => [parameterId.get(p.name)!, { name: p.name, code: p.code, type: p.type_of_parameter, values: p.type_values }])),
    facilities: FACILITIES.map((f, i) => ({ id: facilityIds[i], name: f.name, distanceKm: f.distanceKm, isCoastalOnly: f.isCoastalOnly })),
    owners,
    composeTitle: (rng, c) => composePropertyTitle(rng, c.category, c.bedrooms, c.locality, c.city, c.forRent),
    composeDescription: (rng, c) => composePropertyDescription(rng, c),
  };
}

async function writeProjects(tx: Executor, rng: Rng, pictures: Pictures, categoryId: Map<string, number>, agentIds: number[]) {
  const now = Date.now();
  for (let i = 0; i < PROJECTS.length; i++) {
    const p = PROJECTS[i];
    const city = CITIES.find((c) => c.name === p.city) ?? CITIES[0];
    const locality = city.localities.find((l) => l.name === p.locality) ?? city.localities[0];
    const category = CATEGORIES.find((c) => c.name === p.category) ?? CATEGORIES[0];
    const exteriors = pictures.pool.exteriors.get(category.illustration) ?? [...pictures.pool.exteriors.values()][0];
    const createdAt = new Date(now - rng.int(2, 240) * DAY);
    const [row] = await tx
      .insert(t.projects)
      .values({
        slugId: `${slugify(p.name)}-${slugify(p.city)}`,
        title: p.name,
        description: p.description,
        categoryId: categoryId.get(category.name)!,
        type: p.type,
        city: city.name,
        state: city.state,
        country: city.country,
        location: `${locality.name}, ${city.name}`,
        latitude: Number((locality.latitude + rng.float(-0.005, 0.005)).toFixed(6)),
        longitude: Number((locality.longitude + rng.float(-0.005, 0.005)).toFixed(6)),
        image: pictures.projectCovers?.[i] ?? rng.pick(exteriors),
        videoLink: pictures.videos.length && i % 3 === 0 ? pictures.videos[i % pictures.videos.length] : null,
        metaTitle: `${p.name}, ${locality.name} – ${p.type === 'upcoming' ? 'upcoming' : 'under construction'} ${category.name.toLowerCase()} project in ${city.name}`,
        metaDescription: truncate(stripHtml(p.description), 155),
        status: 1,
        requestStatus: i % 14 === 13 ? 'pending' : 'approved',
        // A few projects belong to the platform itself; the rest to agents.
        ownerId: i % 7 === 0 ? null : rng.pick(agentIds),
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: t.projects.id });
    // A sample flat inside; other buildings' outsides only when projects share a pool (tests).
    const gallery = [...(pictures.projectCovers ? [] : rng.sample(exteriors, 2)), ...rng.sample(pictures.pool.interiors, 3)];
    await tx.insert(t.projectImages).values(gallery.map((image, sequence) => ({ projectId: row.id, image, sequence })));
    await tx.insert(t.projectPlans).values(p.plans.map((title, j) => ({ projectId: row.id, title, document: pictures.projectPlans.get(title) ?? [...pictures.projectPlans.values()][(i + j) % pictures.projectPlans.size] })));
    await tx.insert(t.projectDocuments).values([{ projectId: row.id, name: `${p.name} brochure`, type: 'pdf', file: pictures.projectBrochures[i] }]);
  }
}

async function writeEngagement(tx: Executor, rng: Rng, listed: number[], userIds: number[]) {
  const favourites = userIds.flatMap((userId) => rng.sample(listed, rng.int(4, 24)).map((propertyId) => ({ userId, propertyId })));
  const interests = userIds.flatMap((userId) => rng.sample(listed, rng.int(1, 8)).map((propertyId) => ({ userId, propertyId })));
  await tx.insert(t.favourites).values(favourites);
  await tx.insert(t.interests).values(interests);
  await tx.execute(sql`update properties p set total_favourites = f.n from (select property_id, count(*)::int as n from favourites group by property_id) f where f.property_id = p.id`);
  await tx.execute(sql`update properties p set total_interested = i.n from (select property_id, count(*)::int as n from interests group by property_id) i where i.property_id = p.id`);
}

/** A brochure and sometimes a floor plan on about a fifth of the listings. */
/** A brochure on about a fifth of the listings; homes, shops and offices sometimes add the plan that fits them. */
async function writePropertyDocuments(tx: Executor, rng: Rng, listed: number[], pool: ImagePool) {
  const listings = rowsOf<{ id: number; bedrooms: number | null; category: string }>(
    await tx.execute(sql`select p.id, p.bedrooms, c.category from properties p join categories c on c.id = p.category_id where p.id in ${sql`(${sql.join(listed.map((id) => sql`${id}`), sql`, `)})`} order by p.id`),
  );
  const rows = rng.sample(listings, Math.ceil(listings.length / 5)).flatMap((listing) => {
    const plan = pool.floorPlans.get(floorPlanTitleFor(listing));
    const drawable = listing.bedrooms || listing.category === 'Shop' || listing.category === 'Office Space';
    return [
      { propertyId: listing.id, name: 'Brochure', type: 'pdf', file: rng.pick(pool.brochures), fileName: 'brochure.pdf' },
      ...(plan && drawable && rng.chance(0.5) ? [{ propertyId: listing.id, name: 'Floor plan', type: 'webp', file: plan, fileName: 'floor-plan.webp' }] : []),
    ];
  });
  if (rows.length) await tx.insert(t.propertyDocuments).values(rows);
}

async function writeAdvertisements(tx: Executor, rng: Rng, listed: number[], agentIds: number[]) {
  const now = Date.now();
  const live = rng.sample(listed, 30).map((propertyId) => ({
    featureFor: 'property' as const,
    propertyId,
    userId: rng.pick(agentIds),
    status: 0,
    startDate: new Date(now - rng.int(1, 10) * DAY),
    endDate: new Date(now + rng.int(5, 30) * DAY),
  }));
  const expired = rng.sample(listed, 5).map((propertyId) => ({
    featureFor: 'property' as const,
    propertyId,
    userId: rng.pick(agentIds),
    status: 3,
    startDate: new Date(now - 60 * DAY),
    endDate: new Date(now - 30 * DAY),
  }));
  const projects = rowsOf<{ id: number }>(await tx.execute(sql`select id from projects where status = 1 and request_status = 'approved' order by id`));
  const liveProjects = rng.sample(projects, 8).map((p) => ({
    featureFor: 'project' as const,
    projectId: p.id,
    status: 0,
    startDate: new Date(now - 2 * DAY),
    endDate: new Date(now + 28 * DAY),
  }));
  await tx.insert(t.advertisements).values([...live, ...expired, ...liveProjects]);
}

async function writeContent(tx: Executor, pictures: Pictures, categoryId: Map<string, number>, listed: number[]) {
  const now = Date.now();
  const articleCategories = await tx
    .insert(t.articleCategories)
    .values(ARTICLE_CATEGORIES.map((c) => ({ category: c.name, slugId: c.slug })))
    .returning({ id: t.articleCategories.id, name: t.articleCategories.category });
  const articleCategoryId = new Map(articleCategories.map((c) => [c.name, c.id]));
  await tx.insert(t.articles).values(
    ARTICLES.map((a, i) => {
      const createdAt = new Date(now - (i * 5 + 1) * DAY);
      return {
        slugId: a.slug,
        title: a.title,
        description: a.body,
        image: pictures.articles[i],
        categoryId: articleCategoryId.get(a.category) ?? null,
        metaTitle: a.title,
        metaDescription: a.summary,
        createdAt,
        updatedAt: createdAt,
      };
    }),
  );
  await tx.insert(t.faqs).values(FAQS.map((f, i) => ({ question: f.question, answer: f.answer, sequence: i })));
  await tx.insert(t.reportReasons).values(REPORT_REASONS.map((reason) => ({ reason })));
  await tx.insert(t.sliders).values(
    SLIDERS.map((s, i) => ({
      type: s.type,
      heading: s.heading,
      subheading: s.subheading,
      image: pictures.sliders[i],
      webImage: pictures.sliders[i],
      categoryId: s.type === 2 && s.category ? (categoryId.get(s.category) ?? null) : null,
      propertyId: s.type === 3 ? listed[0] : null,
      link: s.type === 4 ? (s.link ?? null) : null,
      sequence: i,
    })),
  );
}

async function writeAgentVerification(tx: Executor, pendingAgentIds: number[]) {
  const fields = [];
  for (const [i, f] of AGENT_VERIFICATION_FIELDS.entries()) {
    const [row] = await tx.insert(t.verificationFields).values({ name: f.name, fieldType: f.field_type, isRequired: f.is_required, sequence: i }).returning();
    if (f.values?.length) await tx.insert(t.verificationFieldOptions).values(f.values.map((value) => ({ fieldId: row.id, value })));
    fields.push({ ...row, values: f.values });
  }
  for (const userId of pendingAgentIds) {
    const [request] = await tx.insert(t.verificationRequests).values({ userId, status: 'pending' }).returning();
    const answers = fields
      .filter((f) => f.fieldType !== 'file')
      .map((f) => ({ requestId: request.id, fieldId: f.id, value: f.values?.[0] ?? (f.fieldType === 'number' ? '5' : `Answer for ${f.name}`) }));
    if (answers.length) await tx.insert(t.verificationAnswers).values(answers);
  }
}
