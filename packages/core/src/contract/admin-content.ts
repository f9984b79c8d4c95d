import { z } from 'zod';
import { adminListQuery } from './admin.ts';
import { PARAMETER_TYPES, SLIDER_TYPES } from './codes.ts';
import { PARAMETER_CODES } from './catalogue.ts';
import { flagField, idField, intField, numberField, slugField, textField } from './common.ts';

/**
 * The console's catalogue, content and language calls (`/api/admin/*`, issue 16). Writes that
 * carry a picture or an icon are multipart (the file in `image`, the other fields as form fields,
 * `translations` as JSON text); without a file they may be JSON. A write sends the whole row:
 * an optional field left out is cleared, except the picture, which stays unless `remove_image=1`.
 */

// ── Shared pieces ───────────────────────────────────────────────────────────────────────────

/** A language code as the languages table keeps it: `fr`, `pt-BR`, `zh-Hant`. */
export const LANGUAGE_CODE_PATTERN = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;
export const ADMIN_TEXT_MAX = 2000;
export const ADMIN_HTML_MAX = 200_000;
export const ADMIN_ICON_MAX_BYTES = 256 * 1024;
export const ADMIN_IMAGE_MAX_MB = 5;

/** A form field holding JSON (multipart sends it as text). */
const jsonText = (v: unknown) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};

/** Optional text: absent or blank is null. */
const optionalText = (name: string, max = 200) => textField(name, max).optional().transform((v) => (v === undefined || v === '' ? null : v));
const requiredText = (name: string, max = 200) => textField(name, max).min(1, { error: `${name} is required` });

/**
 * A row's texts in other languages: `{"hi": {"name": "…"}, "ar": {…}}`, only the row's
 * translatable fields; blank texts are dropped (the row's own text shows instead).
 */
export const translationsField = <F extends string>(fields: readonly F[]) =>
  z.preprocess(
    jsonText,
    z
      .record(
        z.string().regex(LANGUAGE_CODE_PATTERN, { error: 'translations must be keyed by language codes' }),
        z
          .record(
            z.string(),
            z.string({ error: 'translations must hold texts' }).max(ADMIN_TEXT_MAX, { error: `translations must be at most ${ADMIN_TEXT_MAX} characters each` }),
            { error: 'translations must be an object of languages and texts' },
          )
          .refine((texts) => Object.keys(texts).every((k) => (fields as readonly string[]).includes(k)), { error: `translations may only hold ${fields.join(', ')}` }),
        { error: 'translations must be an object of languages and texts' },
      )
      .optional()
      .transform((v) => {
        const out: Record<string, Record<string, string>> = {};
        for (const [lang, texts] of Object.entries(v ?? {})) {
          const kept = Object.fromEntries(Object.entries(texts as Record<string, string>).flatMap(([k, t]) => (t.trim() ? [[k, t.trim()]] : [])));
          if (Object.keys(kept).length) out[lang] = kept;
        }
        return out;
      }),
  );
const translationsOut = z.record(z.string(), z.record(z.string(), z.string()));

/** A file field (multipart) and the switch that removes the stored one. */
const imageFields = { image: z.unknown().optional(), remove_image: flagField('remove_image').optional() };

const metaFields = {
  meta_title: optionalText('meta_title', 200),
  meta_description: optionalText('meta_description', 500),
  meta_keywords: optionalText('meta_keywords', 500),
};
const metaOut = { meta_title: z.string().nullable(), meta_description: z.string().nullable(), meta_keywords: z.string().nullable() };

/** A list of ids in an order: a JSON list, or "3,1,2". */
const orderedIds = (name: string, max = 200) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim().startsWith('[') ? jsonText(v) : v.split(',').filter((s) => s.trim() !== '')) : v),
    z
      .array(idField(name), { error: `${name} must be a list of ids` })
      .max(max, { error: `${name} may hold at most ${max} ids` })
      .optional()
      .transform((ids) => [...new Set(ids ?? [])]),
  );

export const adminTableQuery = adminListQuery;

// ── Articles ────────────────────────────────────────────────────────────────────────────────

export const adminArticlesQuery = adminListQuery.extend({
  category_id: idField('category_id').optional(),
  published: flagField('published').optional(),
});
export type AdminArticlesQuery = z.infer<typeof adminArticlesQuery>;

export const adminArticleBody = z.object({
  title: requiredText('title', 200),
  /** Made from the title when absent. */
  slug_id: slugField().optional(),
  /** HTML from the editor; sanitised on the server with an allow-list before it is stored. */
  description: z
    .string({ error: (i) => (i.input === undefined ? 'description is required' : 'description must be text') })
    .max(ADMIN_HTML_MAX, { error: `description must be at most ${ADMIN_HTML_MAX} characters` }),
  category_id: idField('category_id').optional(),
  is_published: flagField('is_published').default(true),
  ...metaFields,
  ...imageFields,
});
export type AdminArticleBody = z.infer<typeof adminArticleBody>;

export const adminArticleRow = z.object({
  id: z.number().int(),
  slug_id: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  category_id: z.number().int().nullable(),
  category: z.string().nullable(),
  is_published: z.boolean(),
  view_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminArticleRow = z.infer<typeof adminArticleRow>;
export const adminArticle = adminArticleRow.extend({ description: z.string(), ...metaOut });
export type AdminArticle = z.infer<typeof adminArticle>;

export const adminArticleCategoryBody = z.object({ category: requiredText('category', 100), slug_id: slugField().optional() });
export type AdminArticleCategoryBody = z.infer<typeof adminArticleCategoryBody>;
export const adminArticleCategory = z.object({ id: z.number().int(), category: z.string(), slug_id: z.string(), articles_count: z.number().int() });
export type AdminArticleCategory = z.infer<typeof adminArticleCategory>;

// ── FAQs and the content pages ──────────────────────────────────────────────────────────────

export const FAQ_TRANSLATABLE = ['question', 'answer'] as const;
export const adminFaqBody = z.object({
  question: requiredText('question', 500),
  answer: requiredText('answer', ADMIN_TEXT_MAX),
  /** Its place on the FAQ page (smaller first); a new one goes last when left out. */
  sequence: intField('sequence', { min: 0, max: 32_000 }).optional(),
  is_active: flagField('is_active').default(true),
  translations: translationsField(FAQ_TRANSLATABLE),
});
export type AdminFaqBody = z.infer<typeof adminFaqBody>;
export const adminFaq = z.object({ id: z.number().int(), question: z.string(), answer: z.string(), is_active: z.boolean(), sequence: z.number().int(), translations: translationsOut });
export type AdminFaq = z.infer<typeof adminFaq>;

/** The FAQs in the order visitors see them. */
export const adminOrderBody = z.object({ ids: orderedIds('ids', 500).refine((ids) => ids.length > 0, { error: 'Choose at least one row' }) });
export type AdminOrderBody = z.infer<typeof adminOrderBody>;

/** The content pages: settings fields holding HTML (sanitised like articles). */
export const CONTENT_PAGES = ['about_us', 'terms_conditions', 'privacy_policy'] as const;
export type ContentPage = (typeof CONTENT_PAGES)[number];
const pageHtml = (name: string) => z.string({ error: `${name} must be text` }).max(ADMIN_HTML_MAX, { error: `${name} must be at most ${ADMIN_HTML_MAX} characters` });
export const adminPagesBody = z
  .object({ about_us: pageHtml('about_us').optional(), terms_conditions: pageHtml('terms_conditions').optional(), privacy_policy: pageHtml('privacy_policy').optional() })
  .refine((b) => Object.keys(b).length > 0, { error: 'Send at least one page' });
export type AdminPagesBody = z.infer<typeof adminPagesBody>;
export const adminPages = z.object({ about_us: z.string(), terms_conditions: z.string(), privacy_policy: z.string() });
export type AdminPages = z.infer<typeof adminPages>;

// ── Catalogue ───────────────────────────────────────────────────────────────────────────────

export const CATEGORY_TRANSLATABLE = ['category'] as const;
export const adminCategoryBody = z.object({
  category: requiredText('category', 100),
  slug_id: slugField().optional(),
  is_active: flagField('is_active').default(true),
  sequence: intField('sequence', { min: 0, max: 32_000 }).default(0),
  /** The category's parameters in the order the listing form shows them. */
  parameter_ids: orderedIds('parameter_ids'),
  translations: translationsField(CATEGORY_TRANSLATABLE),
  ...metaFields,
  ...imageFields,
});
export type AdminCategoryBody = z.infer<typeof adminCategoryBody>;
export const adminCategory = z.object({
  id: z.number().int(),
  category: z.string(),
  slug_id: z.string(),
  image: z.string().nullable(),
  is_active: z.boolean(),
  sequence: z.number().int(),
  parameter_ids: z.array(z.number().int()),
  properties_count: z.number().int(),
  translations: translationsOut,
  ...metaOut,
});
export type AdminCategory = z.infer<typeof adminCategory>;

/** Types whose values are chosen from `type_values`. */
export const PARAMETER_CHOICE_TYPES = ['dropdown', 'radiobutton', 'checkbox'] as const;
export const PARAMETER_TRANSLATABLE = ['name'] as const;
export const adminParameterBody = z
  .object({
    name: requiredText('name', 100),
    type_of_parameter: z.enum(PARAMETER_TYPES, { error: `type_of_parameter must be one of ${PARAMETER_TYPES.join(', ')}` }),
    type_values: z.preprocess(
      (v) => (typeof v === 'string' ? (v.trim().startsWith('[') ? jsonText(v) : v.split(',')) : v),
      z
        .array(z.string({ error: 'type_values must be texts' }).trim().max(100, { error: 'type_values must be at most 100 characters each' }), { error: 'type_values must be a list of texts' })
        .max(100, { error: 'type_values may hold at most 100 options' })
        .optional()
        .transform((v) => [...new Set((v ?? []).filter((s) => s !== ''))]),
    ),
    is_required: flagField('is_required').default(false),
    translations: translationsField(PARAMETER_TRANSLATABLE),
    ...imageFields,
  })
  .refine((b) => !(PARAMETER_CHOICE_TYPES as readonly string[]).includes(b.type_of_parameter) || b.type_values.length > 0, {
    path: ['type_values'],
    error: 'Give at least one option for this type',
  });
export type AdminParameterBody = z.infer<typeof adminParameterBody>;
export const adminParameter = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.enum(PARAMETER_CODES).nullable(),
  type_of_parameter: z.enum(PARAMETER_TYPES),
  type_values: z.array(z.string()),
  image: z.string().nullable(),
  is_required: z.boolean(),
  categories_count: z.number().int(),
  translations: translationsOut,
});
export type AdminParameter = z.infer<typeof adminParameter>;

export const FACILITY_TRANSLATABLE = ['name'] as const;
export const adminFacilityBody = z.object({ name: requiredText('name', 100), translations: translationsField(FACILITY_TRANSLATABLE), ...imageFields });
export type AdminFacilityBody = z.infer<typeof adminFacilityBody>;
export const adminFacility = z.object({ id: z.number().int(), name: z.string(), image: z.string().nullable(), properties_count: z.number().int(), translations: translationsOut });
export type AdminFacility = z.infer<typeof adminFacility>;

export const adminCityBody = z.object({
  name: requiredText('name', 100),
  state: optionalText('state', 100),
  country: optionalText('country', 100),
  latitude: numberField('latitude', { min: -90, max: 90 }).optional(),
  longitude: numberField('longitude', { min: -180, max: 180 }).optional(),
  ...imageFields,
});
export type AdminCityBody = z.infer<typeof adminCityBody>;
export const adminCity = z.object({
  id: z.number().int(),
  name: z.string(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  image: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type AdminCity = z.infer<typeof adminCity>;

export const SLIDER_TRANSLATABLE = ['heading', 'subheading'] as const;
const sliderTypeValues = Object.values(SLIDER_TYPES);
export const adminSliderBody = z
  .object({
    type: intField('type', { min: 1, max: 4 }).refine((t) => (sliderTypeValues as number[]).includes(t), { error: 'type must be 1 (image), 2 (category), 3 (property) or 4 (link)' }),
    heading: optionalText('heading', 200),
    subheading: optionalText('subheading', 300),
    category_id: idField('category_id').optional(),
    property_id: idField('property_id').optional(),
    link: z
      .string({ error: 'link must be text' })
      .trim()
      .max(500, { error: 'link must be at most 500 characters' })
      .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) || /^\/(?!\/)[^\s]*$/.test(v), { error: 'link must be an http(s) address or a path of this site' })
      .optional(),
    show_property_details: flagField('show_property_details').default(true),
    sequence: intField('sequence', { min: 0, max: 32_000 }).default(0),
    is_active: flagField('is_active').default(true),
    translations: translationsField(SLIDER_TRANSLATABLE),
    ...imageFields,
    /** A wider picture for large screens. */
    web_image: z.unknown().optional(),
  })
  .refine((b) => b.type !== SLIDER_TYPES.category || b.category_id !== undefined, { path: ['category_id'], error: 'Choose the category this slide opens' })
  .refine((b) => b.type !== SLIDER_TYPES.property || b.property_id !== undefined, { path: ['property_id'], error: 'Choose the property this slide shows' })
  .refine((b) => b.type !== SLIDER_TYPES.link || b.link !== undefined, { path: ['link'], error: 'Give the address this slide opens' });
export type AdminSliderBody = z.infer<typeof adminSliderBody>;
export const adminSlider = z.object({
  id: z.number().int(),
  type: z.number().int(),
  heading: z.string().nullable(),
  subheading: z.string().nullable(),
  image: z.string().nullable(),
  web_image: z.string().nullable(),
  category_id: z.number().int().nullable(),
  property_id: z.number().int().nullable(),
  link: z.string().nullable(),
  show_property_details: z.boolean(),
  sequence: z.number().int(),
  is_active: z.boolean(),
  translations: translationsOut,
});
export type AdminSlider = z.infer<typeof adminSlider>;

export const adminReportReasonBody = z.object({ reason: requiredText('reason', 200) });
export type AdminReportReasonBody = z.infer<typeof adminReportReasonBody>;
export const adminReportReason = z.object({ id: z.number().int(), reason: z.string(), reports_count: z.number().int() });
export type AdminReportReason = z.infer<typeof adminReportReason>;

// ── Languages ───────────────────────────────────────────────────────────────────────────────

export const adminLanguageBody = z.object({
  code: z
    .string({ error: (i) => (i.input === undefined ? 'code is required' : 'code must be text') })
    .trim()
    .regex(LANGUAGE_CODE_PATTERN, { error: 'code must be a language code such as fr or pt-BR' }),
  name: requiredText('name', 60),
  rtl: flagField('rtl').default(false),
  is_active: flagField('is_active').default(true),
});
export type AdminLanguageBody = z.infer<typeof adminLanguageBody>;
/** The code of a language never changes (texts and rows' translations are keyed by it). */
export const adminLanguageUpdateBody = adminLanguageBody.omit({ code: true });
export type AdminLanguageUpdateBody = z.infer<typeof adminLanguageUpdateBody>;

export const adminLanguage = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  rtl: z.boolean(),
  is_active: z.boolean(),
  /** Whether the site's texts for it ship with the app (English, Hindi, Arabic). */
  is_bundled: z.boolean(),
  is_default: z.boolean(),
  /** Keys of the English texts this language has a text for, and those it lacks. */
  translated: z.number().int(),
  missing: z.number().int(),
});
export type AdminLanguage = z.infer<typeof adminLanguage>;

export const adminLanguageTextsQuery = adminListQuery.extend({
  /** 1: only the keys this language has no text for. */
  missing: flagField('missing').optional(),
});
export type AdminLanguageTextsQuery = z.infer<typeof adminLanguageTextsQuery>;

export const adminLanguageText = z.object({
  key: z.string(),
  english: z.string(),
  /** This language's text; null when it has none (English shows). */
  text: z.string().nullable(),
  /** The text shipped with the app for this key, for a bundled language. */
  bundled: z.string().nullable(),
});
export type AdminLanguageText = z.infer<typeof adminLanguageText>;

/** Texts to set, by key; an empty text removes the key (English shows, or the bundled text). */
export const adminLanguageTextsBody = z.object({
  texts: z.preprocess(
    jsonText,
    z
      .record(
        z.string().min(1).max(200),
        z.string({ error: 'texts must be texts' }).max(ADMIN_TEXT_MAX, { error: `texts must be at most ${ADMIN_TEXT_MAX} characters each` }),
        { error: 'texts must be an object of keys and texts' },
      )
      .refine((t) => Object.keys(t).length > 0 && Object.keys(t).length <= 500, { error: 'Send between 1 and 500 texts' }),
  ),
});
export type AdminLanguageTextsBody = z.infer<typeof adminLanguageTextsBody>;
