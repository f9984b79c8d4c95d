/**
 * The browser's check of a listing before it is sent: the shared schemas (so the messages are the
 * server's own), plus the few rules the server's service adds (a title picture for a new listing,
 * the category's required parameters, the gallery's size) with the server's words.
 */
import { MAX_DOCUMENTS, MAX_GALLERY_IMAGES, postPropertyBody, updatePropertyBody, type Parameter } from '@estate/core';
import type { ListingBody, Mode, SentOrder } from './build-body.ts';
import { fieldKey } from './steps.ts';
import type { ListingValues, Media } from './values.ts';

export function validateListing(
  body: ListingBody,
  order: SentOrder,
  ctx: { mode: Mode; values: ListingValues; media: Media; parameterTypes: readonly Parameter[] },
): Record<string, string> {
  const errors: Record<string, string> = {};
  const schema = ctx.mode.kind === 'create' ? postPropertyBody : updatePropertyBody;
  const result = schema.safeParse(body);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = fieldKey(issue.path.map(String).join('.') || 'form', order);
      errors[field] ??= issue.message;
    }
  }
  const { media, values } = ctx;
  // The schema says this only once the rest of the body passes; the owner hears it at once.
  const lat = values.latitude.trim() !== '';
  if (lat !== (values.longitude.trim() !== '')) errors[lat ? 'longitude' : 'latitude'] ??= 'latitude and longitude must be sent together';
  if (ctx.mode.kind === 'create' && !media.titleImage) errors.title_image ??= 'title_image is required';
  if (ctx.mode.kind === 'edit' && !media.titleImage && !media.storedTitle) errors.title_image ??= 'title_image is required';
  for (const p of ctx.parameterTypes) {
    if (!p.is_required) continue;
    const key = `parameters.${p.id}`;
    const value = values.parameters[p.id];
    const present =
      p.type_of_parameter === 'file'
        ? !!media.parameterFiles[p.id] || !!media.storedParameterFiles[p.id]
        : Array.isArray(value)
          ? value.length > 0
          : !!value?.trim();
    if (!present) errors[key] ??= `${p.name} is required`;
  }
  if (media.gallery.length > MAX_GALLERY_IMAGES) errors.gallery_images ??= `A listing can have at most ${MAX_GALLERY_IMAGES} gallery pictures`;
  if (media.storedDocuments.length + media.documents.length > MAX_DOCUMENTS) errors.documents ??= `A listing can have at most ${MAX_DOCUMENTS} documents`;
  return errors;
}
