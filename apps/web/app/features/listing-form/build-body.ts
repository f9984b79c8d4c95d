/**
 * The form as the API reads it: one nested body that the shared schemas check in the browser
 * (postPropertyBody / updatePropertyBody) and that `flattenForm` turns into the bracketed keys the
 * server nests back (`parameters[0][parameter_id]`, `facilities[1][distance]`, `gallery_images[0]`).
 */
import { flattenForm, type Parameter } from '@estate/core';
import type { ListingValues, Media } from './values.ts';

export type Mode = { kind: 'create' } | { kind: 'edit'; id: number };

export type ListingBody = Record<string, unknown>;

/** Which parameter and facility each list position carries, so a server message about `parameters.2.value` finds its field. */
export type SentOrder = { parameters: number[]; facilities: number[] };

const filled = (v: string) => (v.trim() === '' ? undefined : v.trim());

/** A parameter value is sent when it says something (a checkbox with at least one option ticked). */
const hasValue = (v: string | string[] | undefined) => (Array.isArray(v) ? v.length > 0 : v !== undefined && v.trim() !== '');

export function listingBody(values: ListingValues, media: Media, parameterTypes: readonly Parameter[], mode: Mode): { body: ListingBody; order: SentOrder } {
  const isEdit = mode.kind === 'edit';
  const isRent = values.property_type === '1';
  const body: ListingBody = {
    ...(isEdit ? { id: mode.id, action_type: 0 } : {}),
    title: filled(values.title),
    description: filled(values.description),
    category_id: filled(values.category_id),
    property_type: values.property_type,
    price: filled(values.price),
    rentduration: isRent ? values.rentduration : undefined,
    is_premium: values.is_premium ? '1' : '0',
    address: filled(values.address),
    client_address: filled(values.client_address),
    city: filled(values.city),
    state: filled(values.state),
    country: filled(values.country),
    latitude: filled(values.latitude),
    longitude: filled(values.longitude),
    video_link: filled(values.video_link),
    meta_title: filled(values.meta_title),
    meta_description: filled(values.meta_description),
    meta_keywords: filled(values.meta_keywords),
  };

  const order: SentOrder = { parameters: [], facilities: [] };
  const parameters: { parameter_id: number; value: unknown }[] = [];
  for (const p of parameterTypes) {
    const key = String(p.id);
    if (p.type_of_parameter === 'file') {
      const file = media.parameterFiles[key];
      // A stored file stays unless a new one replaces it: parameters not sent keep their values.
      if (file) parameters.push({ parameter_id: p.id, value: file });
      else continue;
    } else {
      const value = values.parameters[key];
      if (hasValue(value)) parameters.push({ parameter_id: p.id, value: Array.isArray(value) ? value : value!.trim() });
      // On edit a value emptied is sent empty, which clears it; on create it is simply left out.
      else if (isEdit) parameters.push({ parameter_id: p.id, value: '' });
      else continue;
    }
    order.parameters.push(p.id);
  }
  if (parameters.length) body.parameters = parameters;

  const facilities = Object.entries(values.facilities)
    .filter(([, distance]) => distance.trim() !== '')
    .map(([id, distance]) => ({ facility_id: Number(id), distance: distance.trim() }));
  order.facilities = facilities.map((f) => f.facility_id);
  if (facilities.length) body.facilities = facilities;
  // An edit that takes every facility away says so with an empty list (a JSON array the schema reads).
  else if (isEdit) body.facilities = '[]';

  if (media.titleImage) body.title_image = media.titleImage;
  const newPictures = media.gallery.flatMap((g) => (g.kind === 'new' ? [g.file] : []));
  body.gallery_images = newPictures;
  if (media.threeD) body.three_d_image = media.threeD;
  body.documents = media.documents;
  if (media.metaImage) body.meta_image = media.metaImage;
  if (isEdit) {
    if (media.removedGallery.length) body.remove_gallery_images = media.removedGallery;
    if (media.removedDocuments.length) body.remove_documents = media.removedDocuments;
    if (media.removeThreeD && !media.threeD) body.remove_three_d_image = '1';
  }
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  return { body, order };
}

/** The body as multipart form data, with the keys `unflattenForm` reads back on the server. */
export function listingFormData(body: ListingBody): FormData {
  const form = new FormData();
  for (const [key, value] of flattenForm(body)) {
    if (value instanceof Blob) form.append(key, value, value instanceof File ? value.name : 'file');
    else form.append(key, String(value));
  }
  return form;
}
