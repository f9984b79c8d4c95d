/**
 * The form's steps, and which step holds a field: a message about a field (from the shared
 * schemas in the browser, or the server's 400 `errors`) is shown on that field, with its step open.
 */
import type { SentOrder } from './build-body.ts';

export const STEPS = ['basics', 'location', 'details', 'facilities', 'media', 'seo', 'review'] as const;
export type Step = (typeof STEPS)[number];

/** The body fields each step edits (the first part of a field's key). */
const FIELDS: Record<Exclude<Step, 'review'>, readonly string[]> = {
  basics: ['title', 'description', 'category_id', 'property_type', 'price', 'rentduration', 'is_premium'],
  location: ['address', 'client_address', 'city', 'state', 'country', 'latitude', 'longitude'],
  details: ['parameters'],
  facilities: ['facilities'],
  media: ['title_image', 'gallery_images', 'three_d_image', 'documents', 'video_link', 'remove_gallery_images', 'remove_documents', 'remove_three_d_image'],
  seo: ['meta_title', 'meta_description', 'meta_keywords', 'meta_image'],
};

/** The step that shows `field` (`price`, `parameters.7`, `facilities.3`…); anything else is said on the review step. */
export function stepOfField(field: string): Step {
  const head = field.split(/[.[]/, 1)[0];
  for (const step of STEPS) if (step !== 'review' && FIELDS[step].includes(head)) return step;
  return 'review';
}

export function fieldsOfStep(step: Step, errors: Record<string, string>): string[] {
  return Object.keys(errors).filter((field) => stepOfField(field) === step);
}

/**
 * A field key as the form names its inputs. Parameters and facilities are named by their ids
 * (`parameters.7`, `facilities.3`); the schemas speak of list positions (`parameters.0.value`,
 * `facilities.1.distance`), the server's checks of parameter ids (`parameters.7`), so positions
 * are turned into ids with the order the body was sent in. Bracketed keys are read too.
 */
export function fieldKey(raw: string, order: SentOrder): string {
  const parts = raw.replace(/\[(\w*)\]/g, '.$1').split('.').filter(Boolean);
  const [head, second, third] = parts;
  if ((head === 'parameters' || head === 'facilities') && second !== undefined && /^\d+$/.test(second)) {
    const ids = head === 'parameters' ? order.parameters : order.facilities;
    // `parameters.7` alone is the server naming a parameter by id; with a sub-field it is a position.
    const id = third === undefined && head === 'parameters' ? Number(second) : ids[Number(second)];
    return id === undefined ? head : `${head}.${id}`;
  }
  return head ?? raw;
}

/** Field messages under the form's keys, the first message of each field kept. */
export function fieldErrors(raw: Record<string, string>, order: SentOrder): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(raw)) {
    const field = fieldKey(key, order);
    out[field] ??= message;
  }
  return out;
}

/** The first step, in the form's order, that holds one of these fields. */
export function firstStepWithError(errors: Record<string, string>): Step | null {
  const fields = Object.keys(errors);
  if (!fields.length) return null;
  return STEPS.find((step) => fields.some((f) => stepOfField(f) === step)) ?? 'review';
}
