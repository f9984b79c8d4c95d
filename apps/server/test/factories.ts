import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { projects, properties, sessions, users } from '../src/db/schema/index.ts';
import { randomToken, sha256 } from '../src/platform/crypto.ts';
import { rows } from './harness.ts';

type NewUser = typeof users.$inferInsert;
type NewProperty = typeof properties.$inferInsert;

export async function createUser(db: Database, overrides: Partial<NewUser> = {}) {
  const unique = randomUUID().slice(0, 8);
  const [user] = await db
    .insert(users)
    .values({ slugId: `user-${unique}`, name: `Test User ${unique}`, email: `user-${unique}@example.test`, role: 'user', ...overrides })
    .returning();
  return user;
}

/** A logged-in session for `userId`; returns the bearer token. */
export async function createSession(db: Database, userId: number, overrides: Partial<typeof sessions.$inferInsert> = {}) {
  const token = randomToken();
  await db.insert(sessions).values({ userId, tokenHash: sha256(token), expiresAt: new Date(Date.now() + 86_400_000), ...overrides });
  return token;
}

export async function createUserWithToken(db: Database, overrides: Partial<NewUser> = {}) {
  const user = await createUser(db, overrides);
  const token = await createSession(db, user.id);
  return { user, token, auth: { authorization: `Bearer ${token}` } };
}

export async function createProperty(db: Database, overrides: Partial<NewProperty> = {}) {
  const [category] = await rows<{ id: number }>(db, sql`select id from categories order by id limit 1`);
  const unique = randomUUID().slice(0, 8);
  const [row] = await db
    .insert(properties)
    .values({
      slugId: `test-property-${unique}`,
      title: `Test property ${unique}`,
      description: 'A property made by a test.',
      price: '5000000',
      categoryId: category.id,
      propertyType: 0,
      city: 'Testville',
      state: 'Test State',
      country: 'India',
      latitude: 19.1,
      longitude: 72.9,
      status: 1,
      requestStatus: 'approved',
      ...overrides,
    })
    .returning();
  return row;
}

export async function createProject(db: Database, overrides: Partial<typeof projects.$inferInsert> = {}) {
  const [category] = await rows<{ id: number }>(db, sql`select id from categories order by id limit 1`);
  const unique = randomUUID().slice(0, 8);
  const [row] = await db
    .insert(projects)
    .values({ slugId: `test-project-${unique}`, title: `Test project ${unique}`, categoryId: category.id, type: 'upcoming', city: 'Testville', status: 1, requestStatus: 'approved', ...overrides })
    .returning();
  return row;
}

/** A running package for `userId` holding `feature` (unlimited), as a purchase would leave it. */
export async function grantFeature(db: Database, userId: number, feature: string) {
  const [pkg] = await rows<{ id: number }>(db, sql`select id from packages order by id limit 1`);
  const [userPackage] = await rows<{ id: number }>(
    db,
    sql`insert into user_packages (user_id, package_id, start_date, end_date) values (${userId}, ${pkg.id}, now() - interval '1 day', now() + interval '30 days') returning id`,
  );
  await db.execute(sql`insert into user_package_features (user_package_id, feature_id, limit_type) select ${userPackage.id}, id, 'unlimited' from features where name = ${feature}`);
}

/**
 * A running package held by `userId` with the given limits (a number is a limited feature, null
 * unlimited), ending in `endsInHours` (negative: already expired). Answers its user_package id.
 */
export async function holdPackageFor(db: Database, userId: number, limits: Record<string, number | null>, endsInHours = 720, used: Record<string, number> = {}) {
  const [pkg] = await rows<{ id: number }>(db, sql`select id from packages where package_type = 'paid' order by id limit 1`);
  const [held] = await rows<{ id: number }>(
    db,
    sql`insert into user_packages (user_id, package_id, start_date, end_date)
        values (${userId}, ${pkg.id}, now() - interval '1 day', now() + make_interval(hours => ${endsInHours})) returning id`,
  );
  for (const [name, limit] of Object.entries(limits)) {
    await db.execute(sql`
      insert into user_package_features (user_package_id, feature_id, limit_type, total_limit, used_limit)
      select ${held.id}, id, ${limit === null ? 'unlimited' : 'limited'}, ${limit}, ${used[name] ?? 0} from features where name = ${name}`);
  }
  return held.id;
}
