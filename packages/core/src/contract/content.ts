import { z } from 'zod';
import { cardParameterValue } from './catalogue.ts';
import { idField, metaShape, paginationQuery, slugField, textField } from './common.ts';

export const article = z.object({
  id: z.number().int(),
  slug_id: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  category: z.object({ id: z.number().int(), category: z.string(), slug_id: z.string() }).nullable(),
  category_id: z.number().int().nullable(),
  ...metaShape,
  created_at: z.string(),
  post_created: z.string(),
});
export type Article = z.infer<typeof article>;

export const getArticlesQuery = z.object({
  ...paginationQuery(10),
  id: idField('id').optional(),
  category_id: idField('category_id').optional(),
  slug_id: slugField('slug_id').optional(),
});

export const articleCategory = z.object({ id: z.number().int(), category: z.string(), slug_id: z.string(), articles_count: z.number().int() });

export const faq = z.object({ id: z.number().int(), question: z.string(), answer: z.string() });
export type Faq = z.infer<typeof faq>;
export const faqsQuery = z.object({ ...paginationQuery(20) });

export const slider = z.object({
  id: z.number().int(),
  type: z.number().int(),
  /** `type` (codes' SLIDER_TYPES) as the string the original clients switch on. */
  slider_type: z.enum(['1', '2', '3', '4']),
  /** 1: a property slide shows the listing's title, price and facts. */
  show_property_details: z.number().int(),
  heading: z.string().nullable(),
  subheading: z.string().nullable(),
  image: z.string(),
  web_image: z.string().nullable(),
  category_id: z.number().int().nullable(),
  category: z.object({ id: z.number().int(), category: z.string(), slug_id: z.string() }).nullable(),
  property_id: z.number().int().nullable(),
  property: z
    .object({ id: z.number().int(), title: z.string(), slug_id: z.string(), price: z.number(), video_link: z.string().nullable(), parameters: z.array(cardParameterValue) })
    .nullable(),
  link: z.string().nullable(),
});
export type Slider = z.infer<typeof slider>;

export const reportReason = z.object({ id: z.number().int(), reason: z.string() });

/** Contact form (spec §3 "Contact message"). */
export const contactMessageBody = z.object({
  first_name: textField('first_name', 100).min(1, { error: 'first_name is required' }),
  last_name: textField('last_name', 100).min(1, { error: 'last_name is required' }),
  email: z
    .string({ error: 'email is required' })
    .trim()
    .max(254, { error: 'email must be at most 254 characters' })
    .pipe(z.email({ error: 'email must be a valid e-mail address' })),
  subject: textField('subject', 200).min(1, { error: 'subject is required' }),
  message: textField('message', 5000).min(1, { error: 'message is required' }),
});
export type ContactMessageBody = z.infer<typeof contactMessageBody>;
