import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, point, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, metaColumns, updatedAt } from './columns.ts';
import { categories } from './catalogue.ts';
import { users } from './users.ts';

export const projects = pgTable(
  'projects',
  {
    id: id(),
    slugId: text().notNull(),
    title: text().notNull(),
    description: text().notNull().default(''),
    categoryId: integer().notNull().references(() => categories.id),
    type: text({ enum: ['upcoming', 'under_construction'] }).notNull(),
    ...metaColumns(),
    city: text(),
    state: text(),
    country: text(),
    location: text(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    point: point({ mode: 'xy' }).generatedAlwaysAs(sql`point(longitude, latitude)`),
    videoLink: text(),
    image: text(),
    status: smallint().notNull().default(1),
    requestStatus: text({ enum: ['approved', 'pending', 'rejected'] }).notNull().default('pending'),
    rejectReason: text(),
    ownerId: integer().references(() => users.id, { onDelete: 'cascade' }),
    /** The owner's package (user_packages.id) whose `project_list` unit paid for this project. */
    paidWithPackageId: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('projects_slug_id_key').on(t.slugId),
    index('projects_owner_idx').on(t.ownerId),
    index('projects_listed_created_idx').on(t.createdAt.desc()).where(sql`status = 1 and request_status = 'approved'`),
    index('projects_listed_city_idx').on(sql`lower(city)`).where(sql`status = 1 and request_status = 'approved'`),
    index('projects_listed_category_idx').on(t.categoryId).where(sql`status = 1 and request_status = 'approved'`),
  ],
);

export const projectPlans = pgTable(
  'project_plans',
  {
    id: id(),
    projectId: integer().notNull().references(() => projects.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    document: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('project_plans_project_idx').on(t.projectId)],
);

export const projectDocuments = pgTable(
  'project_documents',
  {
    id: id(),
    projectId: integer().notNull().references(() => projects.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    type: text().notNull(),
    file: text().notNull(),
    /** The uploaded file's own name (e.g. `brochure.pdf`), shown and offered on download. */
    fileName: text(),
    createdAt: createdAt(),
  },
  (t) => [index('project_documents_project_idx').on(t.projectId)],
);

export const projectImages = pgTable(
  'project_images',
  {
    id: id(),
    projectId: integer().notNull().references(() => projects.id, { onDelete: 'cascade' }),
    image: text().notNull(),
    sequence: smallint().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('project_images_project_idx').on(t.projectId, t.sequence)],
);

/** Slugs a project had before its title changed, so old links still lead to it. */
export const projectSlugRedirects = pgTable(
  'project_slug_redirects',
  {
    slugId: text().primaryKey(),
    projectId: integer().notNull().references(() => projects.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('project_slug_redirects_project_idx').on(t.projectId)],
);
