import { MAX_DOCUMENT_MB, MAX_IMAGE_MB, flattenForm, postProjectBody, type OwnedProject } from '@estate/core';
import { schemaErrors, type Errors } from '../../lib/forms.ts';

/** The text fields of the project form, as typed (all strings, like the form's inputs). */
export const PROJECT_TEXT_FIELDS = [
  'title',
  'description',
  'category_id',
  'type',
  'location',
  'city',
  'state',
  'country',
  'latitude',
  'longitude',
  'video_link',
  'meta_title',
  'meta_description',
  'meta_keywords',
] as const;
export type ProjectText = Record<(typeof PROJECT_TEXT_FIELDS)[number], string>;

/** One plan row: a stored plan (`id`, its document's URL) or a new one (a file to send). */
export type PlanRow = { key: string; id?: number; title: string; document: File | null; url?: string };

/** What the form holds besides its text: new files, and what the owner took off a stored project. */
export type ProjectFiles = {
  image: File | null;
  metaImage: File | null;
  gallery: File[];
  documents: File[];
  plans: PlanRow[];
  removeGallery: number[];
  removeDocuments: number[];
  removePlans: number[];
};

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const DOCUMENT_TYPES = ['application/pdf', ...IMAGE_TYPES];

export function projectText(p?: OwnedProject | null): ProjectText {
  const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  return {
    title: text(p?.title),
    description: text(p?.description),
    category_id: text(p?.category_id),
    type: p?.type ?? 'upcoming',
    location: text(p?.location),
    city: text(p?.city),
    state: text(p?.state),
    country: text(p?.country),
    latitude: text(p?.latitude),
    longitude: text(p?.longitude),
    video_link: text(p?.video_link),
    meta_title: text(p?.meta_title),
    meta_description: text(p?.meta_description),
    meta_keywords: text(p?.meta_keywords),
  };
}

export const emptyFiles = (p?: OwnedProject | null): ProjectFiles => ({
  image: null,
  metaImage: null,
  gallery: [],
  documents: [],
  plans: (p?.plans ?? []).map((plan) => ({ key: `plan-${plan.id}`, id: plan.id, title: plan.title, document: null, url: plan.document })),
  removeGallery: [],
  removeDocuments: [],
  removePlans: [],
});

const filled = (values: ProjectText) => Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''));

/** The contract's own checks of the text (blank means absent, as the API reads it); a new project needs a title, category and type. */
export function projectTextErrors(values: ProjectText, isNew: boolean): Errors {
  return schemaErrors(postProjectBody, { ...filled(values), ...(isNew ? {} : { id: 1 }), gallery_images: [], documents: [] });
}

/** What the files need that the contract cannot say in the browser: a kind and a size, and a document for each new plan. */
export function projectFileErrors(files: ProjectFiles, isNew: boolean, hasImage: boolean): Errors {
  const errors: Errors = {};
  const tooBig = (f: File, mb: number) => f.size > mb * 1024 * 1024;
  const badImage = (f: File) => !IMAGE_TYPES.includes(f.type) || tooBig(f, MAX_IMAGE_MB);
  const badDocument = (f: File) => !DOCUMENT_TYPES.includes(f.type) || tooBig(f, MAX_DOCUMENT_MB);
  if (files.image && badImage(files.image)) errors.image = 'image';
  else if (isNew && !files.image && !hasImage) errors.image = 'required';
  if (files.metaImage && badImage(files.metaImage)) errors.meta_image = 'image';
  if (files.gallery.some(badImage)) errors.gallery_images = 'image';
  if (files.documents.some(badDocument)) errors.documents = 'document';
  files.plans.forEach((plan, i) => {
    if (plan.title.trim() === '') errors[`plans.${i}.title`] = 'required';
    if (!plan.id && !plan.document) errors[`plans.${i}.document`] = 'required';
    else if (plan.document && badDocument(plan.document)) errors[`plans.${i}.document`] = 'document';
  });
  return errors;
}

/**
 * The `post_project` form body: the text that is filled in, the new files, the plans as
 * `plans[i][id|title|document]` and, on an update, `id` and the remove lists — bracketed keys
 * built by the contract's `flattenForm`, the spelling the server's `unflattenForm` reads.
 */
export function projectFormEntries(values: ProjectText, files: ProjectFiles, id?: number): [string, string | Blob][] {
  const body: Record<string, unknown> = {
    ...(id !== undefined ? { id } : {}),
    ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v !== '')),
    image: files.image ?? undefined,
    meta_image: files.metaImage ?? undefined,
    gallery_images: files.gallery,
    documents: files.documents,
    plans: files.plans.map((plan) => ({ id: plan.id, title: plan.title.trim(), document: plan.document ?? undefined })),
  };
  if (id !== undefined) {
    body.remove_gallery_images = files.removeGallery;
    body.remove_documents = files.removeDocuments;
    body.remove_plans = files.removePlans;
  }
  return flattenForm(body).map(([key, value]) => [key, value instanceof Blob ? value : String(value)]);
}

export function projectFormData(values: ProjectText, files: ProjectFiles, id?: number): FormData {
  const form = new FormData();
  for (const [key, value] of projectFormEntries(values, files, id)) form.append(key, value);
  return form;
}
