import { MAX_DOCUMENT_MB, MAX_DOCUMENTS, MAX_GALLERY_IMAGES, MAX_IMAGE_MB, MAX_PLANS, PROJECT_TYPES, type OwnedProject } from '@estate/core';
import { type ChangeEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { normalizeCoordinates } from '@estate/core/rules/reverse-geocode';
import { Link, useNavigate } from 'react-router';
import { Field, FormAlert, SubmitButton, inputClass } from '../../components/Form.tsx';
import { RequestError } from '../../lib/client.ts';
import { projectTypeLabel, srcSetFor } from '../../lib/format.ts';
import { useLiveForm } from '../../lib/forms.ts';
import { localizeMessage, useSite, useT, type Translate } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import type { LngLat } from '../map/area.ts';
import { LazyPinMap } from '../map/LazyPinMap.tsx';
import { reverseGeocode } from '../map/reverse-geocode.ts';
import { dashboardHref } from './dashboard-url.ts';
import { useCategories } from './get-categories.ts';
import { usePostProject } from './post-project.ts';
import { DOCUMENT_TYPES, IMAGE_TYPES, emptyFiles, projectFileErrors, projectText, projectTextErrors, type PlanRow, type ProjectFiles } from './project-form.ts';

/** A file check's code (project-form.ts) or a server message, in the page's language. */
function fileMessage(code: string | undefined, t: Translate): string | undefined {
  if (!code) return undefined;
  if (code === 'required') return t('msgRequired', 'Please fill this in.');
  if (code === 'image') return t('fileImageError', 'Choose JPEG, PNG or WebP pictures of up to {mb} MB.').replace('{mb}', String(MAX_IMAGE_MB));
  if (code === 'document') return t('fileDocumentError', 'Choose PDF files or pictures of up to {mb} MB.').replace('{mb}', String(MAX_DOCUMENT_MB));
  if (code === 'tooMany') return t('fileTooMany', 'That is more than this list can hold: the extra files were left out.');
  return localizeMessage(code, t);
}

/** An object URL for a chosen file, revoked when the file changes or the preview goes. */
function usePreview(file: File | null) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file) return setUrl(undefined);
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

function Section({ id, title, children, hint }: { id: string; title: string; hint?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {hint ? <p className="mt-1 text-sm text-slate-600">{hint}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

function ErrorText({ id, message }: { id: string; message: string | undefined }) {
  return (
    <p id={id} aria-live="polite" className="mt-1 min-h-5 text-sm text-red-700">
      {message}
    </p>
  );
}

function TextAreaField({ label, error, ...props }: { label: string; name: string; value: string; error?: string; rows?: number; onChange: (e: ChangeEvent<HTMLTextAreaElement>) => void; onBlur: () => void }) {
  const id = useId();
  const t = useT();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        dir="auto"
        {...props}
        rows={props.rows ?? 5}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
        className={`${inputClass} ${error ? 'border-red-600' : 'border-slate-300'}`}
      />
      <ErrorText id={`${id}-error`} message={error ? localizeMessage(error, t) : undefined} />
    </div>
  );
}

/** One picture (the main image, the sharing image): what is stored or the new choice, and a way to choose. */
function ImagePicker({ label, name, file, stored, error, onFile, hint }: { label: string; name: string; file: File | null; stored: string | null; error?: string; hint?: string; onFile: (f: File | null) => void }) {
  const id = useId();
  const t = useT();
  const preview = usePreview(file);
  const src = preview ?? stored ?? undefined;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      {/* Only a picture takes room: an empty frame would push the choice down a phone's screen. */}
      {src ? (
        <div className="aspect-[4/3] w-40 shrink-0 overflow-hidden rounded-lg bg-slate-100 sm:w-48">
          <img src={src} alt={`${label}: ${t('preview', 'preview')}`} className="h-full w-full object-cover" width={192} height={144} />
        </div>
      ) : null}
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
          {label}
        </label>
        <input
          id={id}
          name={name}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          onChange={(e) => onFile(e.target.files?.[0] ?? null)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint ${id}-error`}
          className="block w-full text-sm text-slate-700 file:me-3 file:min-h-11 file:rounded-md file:border-0 file:bg-brand-light file:px-3 file:font-medium file:text-brand-dark"
        />
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint ?? t('imageHint', 'JPEG, PNG or WebP, up to {mb} MB.').replace('{mb}', String(MAX_IMAGE_MB))}
        </p>
        <ErrorText id={`${id}-error`} message={error} />
      </div>
    </div>
  );
}

/** A new picture in the gallery, with its preview and a way to take it out again. */
function NewPicture({ file, onRemove }: { file: File; onRemove: () => void }) {
  const t = useT();
  const url = usePreview(file);
  return (
    <li className="relative overflow-hidden rounded-lg border border-slate-200 bg-slate-100">
      {url ? <img src={url} alt={file.name} className="aspect-[4/3] w-full object-cover" width={160} height={120} /> : <div className="aspect-[4/3]" />}
      <button type="button" onClick={onRemove} className="absolute end-1 top-1 min-h-9 rounded-md bg-white/95 px-2 text-xs font-semibold text-red-800 shadow hover:bg-white">
        {t('remove', 'Remove')} <span className="sr-only">{file.name}</span>
      </button>
    </li>
  );
}

/** A stored picture or document the owner may mark to be taken off on saving (and change their mind). */
function StoredItem({ label, removed, onToggle, children }: { label: string; removed: boolean; onToggle: () => void; children: ReactNode }) {
  const t = useT();
  return (
    <li className={`relative overflow-hidden rounded-lg border ${removed ? 'border-red-300 opacity-60' : 'border-slate-200'} bg-slate-100`}>
      {children}
      <button
        type="button"
        onClick={onToggle}
        aria-pressed={removed}
        className="absolute end-1 top-1 min-h-9 rounded-md bg-white/95 px-2 text-xs font-semibold text-red-800 shadow hover:bg-white"
      >
        {removed ? t('undoRemove', 'Keep') : t('remove', 'Remove')} <span className="sr-only">{label}</span>
      </button>
      {removed ? <span className="absolute inset-x-0 bottom-0 bg-red-700 px-2 py-0.5 text-center text-xs font-semibold text-white">{t('willBeRemoved', 'Removed on saving')}</span> : null}
    </li>
  );
}

/** Adds chosen files to a list up to its limit; says so when some were left out. */
function addFiles(current: File[], chosen: FileList | null, room: number): { files: File[]; overflow: boolean } {
  const picked = [...(chosen ?? [])];
  const kept = picked.slice(0, Math.max(0, room - current.length));
  return { files: [...current, ...kept], overflow: kept.length < picked.length };
}

let planKeys = 0;

export function ProjectForm({ project, refused }: { project: OwnedProject | null; refused: (error: unknown) => boolean }) {
  const t = useT();
  const site = useSite();
  const session = useSession();
  const navigate = useNavigate();
  const isNew = project === null;
  const categories = useCategories();
  const post = usePostProject();
  const form = useLiveForm(projectText(project), (values) => projectTextErrors(values, isNew));
  const [files, setFiles] = useState<ProjectFiles>(() => emptyFiles(project));
  const [tried, setTried] = useState(false);
  const [serverFileErrors, setServerFileErrors] = useState<Record<string, string>>({});
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [locating, setLocating] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const typeGroup = useId();
  const categoryId = useId();

  const category = form.field('category_id');
  const typeError = form.field('type').error;
  const checks = projectFileErrors(files, isNew, !!project?.image);
  const fileError = (key: string) => serverFileErrors[key] ?? fileMessage(notes[key], t) ?? (tried ? fileMessage(checks[key], t) : undefined);
  const change = (next: Partial<ProjectFiles>, clear: string[] = []) => {
    setFiles((f) => ({ ...f, ...next }));
    setServerFileErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !clear.some((c) => k.startsWith(c)))));
    setNotes((n) => Object.fromEntries(Object.entries(n).filter(([k]) => !clear.some((c) => k.startsWith(c)))));
  };
  const toggle = (list: number[], id: number) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);

  const storedGallery = project?.gallary_images ?? [];
  const storedDocuments = project?.documents ?? [];
  const galleryRoom = MAX_GALLERY_IMAGES - (storedGallery.length - files.removeGallery.length);
  const documentRoom = MAX_DOCUMENTS - (storedDocuments.length - files.removeDocuments.length);

  const setPlan = (key: string, next: Partial<PlanRow>, clear: string) => {
    const index = files.plans.findIndex((p) => p.key === key);
    change({ plans: files.plans.map((p) => (p.key === key ? { ...p, ...next } : p)) }, [`plans.${index}.${clear}`]);
  };
  const removePlan = (plan: PlanRow) =>
    change({ plans: files.plans.filter((p) => p.key !== plan.key), removePlans: plan.id ? [...files.removePlans, plan.id] : files.removePlans }, ['plans.']);

  const point = normalizeCoordinates(form.values.latitude, form.values.longitude);
  const pin: LngLat | null = point && form.values.latitude.trim() !== '' && form.values.longitude.trim() !== '' ? [point.longitude, point.latitude] : null;
  const home = session?.data.latitude != null && session.data.longitude != null ? ([session.data.longitude, session.data.latitude] as LngLat) : null;
  const asked = useRef(0);

  /** The pin moved: new coordinates, and the place there fills the address fields (which stay editable). */
  const place = async ([lng, lat]: LngLat) => {
    form.set('latitude', String(lat));
    form.set('longitude', String(lng));
    const ask = ++asked.current;
    setNotes((n) => ({ ...n, location: t('lookingUpAddress', 'Looking up the address…') }));
    const found = await reverseGeocode(lat, lng);
    if (ask !== asked.current) return;
    if (!found) return setNotes((n) => ({ ...n, location: t('addressLookupFailed', 'The address could not be looked up. Type it below.') }));
    if (!found.found) return setNotes((n) => ({ ...n, location: t('locationUnavailable', 'Location information unavailable. Type the address below.') }));
    for (const [field, value] of [['city', found.place.city], ['state', found.place.state], ['country', found.place.country], ['location', found.place.address]] as const) {
      if (value) form.set(field, value);
    }
    setNotes((n) => ({ ...n, location: t('addressFilled', 'The address below was filled in from the map. Change anything that is not right.') }));
  };

  const locateMe = () => {
    if (!('geolocation' in navigator)) return setNotes((n) => ({ ...n, location: t('locationUnsupported', 'This browser cannot tell where you are.') }));
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        void place([Math.round(position.coords.longitude * 1e6) / 1e6, Math.round(position.coords.latitude * 1e6) / 1e6]);
      },
      () => {
        setLocating(false);
        setNotes((n) => ({ ...n, location: t('locationDenied', 'Your location could not be read. Type the place instead.') }));
      },
      { timeout: 10_000, maximumAge: 60_000 },
    );
  };

  const submit = form.onSubmit(async (values) => {
    setTried(true);
    const firstFile = Object.keys(checks)[0];
    if (firstFile) {
      formRef.current?.querySelector<HTMLElement>(`[data-field="${firstFile}"] input, [data-field="${firstFile}"]`)?.focus();
      return;
    }
    try {
      await post.mutateAsync({ values, files, id: project?.id });
      // The dashboard then shows its state: pending, or approved when the site approves on its own.
      toast(isNew ? t('projectAdded', 'Project added.') : t('projectSaved', 'Project saved.'));
      navigate(dashboardHref({ tab: 'projects', page: 1 }));
    } catch (error) {
      if (refused(error)) return;
      if (error instanceof RequestError) {
        const onFiles = Object.fromEntries(Object.entries(error.fieldErrors).filter(([k]) => /^(image|meta_image|gallery_images|documents|plans|remove_)/.test(k)));
        setServerFileErrors(onFiles);
        if (Object.keys(onFiles).length && Object.keys(onFiles).length === Object.keys(error.fieldErrors).length) {
          formRef.current?.querySelector<HTMLElement>(`[data-field="${Object.keys(onFiles)[0]}"] input`)?.focus();
          return;
        }
      }
      throw error;
    }
  });

  const radio = 'flex min-h-11 flex-1 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 has-[:checked]:border-brand has-[:checked]:bg-brand-light';
  const secondary = 'inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60';

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-6" data-testid="project-form">
      <FormAlert message={form.formError} />

      <Section id="project-basics" title={t('projectBasics', 'About the project')}>
        <Field label={t('projectTitle', 'Title')} {...form.field('title')} dir="auto" />
        <TextAreaField label={t('projectDescription', 'Description')} {...form.field('description')} rows={6} />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <div>
            <label htmlFor={categoryId} className="mb-1 block text-sm font-medium text-slate-800">
              {t('category', 'Category')}
            </label>
            <select
              id={categoryId}
              name="category_id"
              value={category.value}
              onChange={(e) => form.set('category_id', e.target.value)}
              onBlur={category.onBlur}
              aria-invalid={category.error ? true : undefined}
              aria-describedby={`${categoryId}-error`}
              className={`${inputClass} min-h-11 ${category.error ? 'border-red-600' : 'border-slate-300'}`}
            >
              <option value="">{categories.isPending ? t('loading', 'Loading…') : t('chooseCategory', 'Choose a category')}</option>
              {categories.data?.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.category}
                </option>
              ))}
            </select>
            <ErrorText id={`${categoryId}-error`} message={category.error ? localizeMessage(category.error, t) : undefined} />
          </div>
          <fieldset aria-describedby={`${typeGroup}-error`}>
            <legend className="mb-1 block text-sm font-medium text-slate-800">{t('projectStage', 'Stage')}</legend>
            <div className="flex gap-2">
              {PROJECT_TYPES.map((type) => (
                <label key={type} className={radio}>
                  <input type="radio" name="type" value={type} checked={form.values.type === type} onChange={() => form.set('type', type)} className="size-4 accent-brand" />
                  <span className="text-sm">{projectTypeLabel(type, t)}</span>
                </label>
              ))}
            </div>
            <ErrorText id={`${typeGroup}-error`} message={typeError ? localizeMessage(typeError, t) : undefined} />
          </fieldset>
        </div>
      </Section>

      <Section id="project-location" title={t('location', 'Location')} hint={t('projectLocationHint', 'Tap the map where the project is, then drag the pin to the exact spot; the address is filled in and stays editable.')}>
        <LazyPinMap
          className="h-72 sm:h-96"
          value={pin}
          onChange={(p) => void place(p)}
          fallbackCenter={home}
          label={t('projectPinMapLabel', 'Map: where the project is')}
          tiles={site?.mapTiles ?? null}
          testId="project-pin-map"
        />
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <p role="status" aria-live="polite" className="min-h-5 text-sm text-slate-700" data-testid="location-status">
            {notes.location}
          </p>
          <button type="button" className={secondary} onClick={locateMe} disabled={locating}>
            {locating ? t('locating', 'Finding you…') : t('projectUseMyLocation', 'Use my location')}
          </button>
        </div>
        <div className="mt-4 grid grid-cols-2 gap-x-4">
          <Field label={t('latitude', 'Latitude')} inputMode="decimal" dir="ltr" {...form.field('latitude')} />
          <Field label={t('longitude', 'Longitude')} inputMode="decimal" dir="ltr" {...form.field('longitude')} />
        </div>
        <Field label={t('address', 'Address')} autoComplete="street-address" {...form.field('location')} />
        <div className="grid gap-x-4 sm:grid-cols-3">
          <Field label={t('city', 'City')} {...form.field('city')} />
          <Field label={t('state', 'State')} {...form.field('state')} />
          <Field label={t('country', 'Country')} {...form.field('country')} />
        </div>
      </Section>

      <Section id="project-media" title={t('projectMedia', 'Pictures, video and documents')}>
        <div data-field="image">
          <ImagePicker
            label={t('projectImage', 'Main picture')}
            name="image"
            file={files.image}
            stored={project?.image ?? null}
            error={fileError('image')}
            onFile={(image) => change({ image }, ['image'])}
          />
        </div>

        <div className="mt-6" data-field="gallery_images">
          <GalleryInput
            label={t('gallery', 'Gallery')}
            hint={t('projectGalleryHint', 'Up to {count} pictures: JPEG, PNG or WebP, up to {mb} MB each.').replace('{count}', String(MAX_GALLERY_IMAGES)).replace('{mb}', String(MAX_IMAGE_MB))}
            error={fileError('gallery_images')}
            onChoose={(chosen) => {
              const { files: gallery, overflow } = addFiles(files.gallery, chosen, galleryRoom);
              change({ gallery }, ['gallery_images']);
              if (overflow) setNotes((n) => ({ ...n, gallery_images: 'tooMany' }));
            }}
          >
            {storedGallery.map((g, i) => (
              <StoredItem key={g.id} label={`${t('photo', 'photo')} ${i + 1}`} removed={files.removeGallery.includes(g.id)} onToggle={() => change({ removeGallery: toggle(files.removeGallery, g.id) })}>
                <img src={g.name} srcSet={srcSetFor(g.name)} sizes="180px" alt={`${t('photo', 'photo')} ${i + 1}`} className="aspect-[4/3] w-full object-cover" width={160} height={120} />
              </StoredItem>
            ))}
            {files.gallery.map((f, i) => (
              <NewPicture key={`${f.name}-${i}`} file={f} onRemove={() => change({ gallery: files.gallery.filter((_, j) => j !== i) }, ['gallery_images'])} />
            ))}
          </GalleryInput>
        </div>

        <div className="mt-6" data-field="documents">
          <DocumentsInput
            label={t('documents', 'Documents')}
            hint={t('documentsHint', 'Up to {count} PDF files or pictures, up to {mb} MB each.').replace('{count}', String(MAX_DOCUMENTS)).replace('{mb}', String(MAX_DOCUMENT_MB))}
            error={fileError('documents')}
            onChoose={(chosen) => {
              const { files: documents, overflow } = addFiles(files.documents, chosen, documentRoom);
              change({ documents }, ['documents']);
              if (overflow) setNotes((n) => ({ ...n, documents: 'tooMany' }));
            }}
          >
            {storedDocuments.map((d) => (
              <li key={d.id} className={`flex items-center justify-between gap-2 rounded-lg border px-3 py-2 text-sm ${files.removeDocuments.includes(d.id) ? 'border-red-300 bg-red-50 line-through' : 'border-slate-200 bg-white'}`}>
                <a href={d.name} className="min-w-0 break-all font-medium text-brand-dark underline">
                  {d.file_name}
                </a>
                <button
                  type="button"
                  aria-pressed={files.removeDocuments.includes(d.id)}
                  onClick={() => change({ removeDocuments: toggle(files.removeDocuments, d.id) })}
                  className="min-h-9 shrink-0 rounded-md px-2 text-xs font-semibold text-red-800 hover:bg-red-100"
                >
                  {files.removeDocuments.includes(d.id) ? t('undoRemove', 'Keep') : t('remove', 'Remove')} <span className="sr-only">{d.file_name}</span>
                </button>
              </li>
            ))}
            {files.documents.map((f, i) => (
              <li key={`${f.name}-${i}`} className="flex items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm">
                <span className="min-w-0 break-all">{f.name}</span>
                <button
                  type="button"
                  onClick={() => change({ documents: files.documents.filter((_, j) => j !== i) }, ['documents'])}
                  className="min-h-9 shrink-0 rounded-md px-2 text-xs font-semibold text-red-800 hover:bg-red-100"
                >
                  {t('remove', 'Remove')} <span className="sr-only">{f.name}</span>
                </button>
              </li>
            ))}
          </DocumentsInput>
        </div>

        <div className="mt-6">
          <Field label={t('videoLink', 'Video link')} type="url" inputMode="url" dir="ltr" placeholder="https://" {...form.field('video_link')} />
        </div>
      </Section>

      <Section id="project-plans" title={t('floorPlans', 'Floor plans')} hint={t('plansHint', 'Each plan has a title and a picture or PDF.')}>
        {files.plans.length ? (
          <ol className="space-y-4" data-testid="plans">
            {files.plans.map((plan, i) => (
              <PlanEditor
                key={plan.key}
                plan={plan}
                index={i}
                titleError={fileError(`plans.${i}.title`)}
                documentError={fileError(`plans.${i}.document`)}
                onTitle={(title) => setPlan(plan.key, { title }, 'title')}
                onDocument={(document) => setPlan(plan.key, { document }, 'document')}
                onRemove={() => removePlan(plan)}
              />
            ))}
          </ol>
        ) : (
          <p className="text-sm text-slate-600">{t('noPlans', 'No plans yet.')}</p>
        )}
        <button
          type="button"
          className={`${secondary} mt-4`}
          disabled={files.plans.length >= MAX_PLANS}
          onClick={() => change({ plans: [...files.plans, { key: `new-${++planKeys}`, title: '', document: null }] })}
        >
          {t('addPlan', 'Add a plan')}
        </button>
      </Section>

      <Section id="project-seo" title={t('seoFields', 'Search engines and sharing')} hint={t('seoHint', 'Optional: what search results and shared links show. The title and description are used when these are empty.')}>
        <Field label={t('projectMetaTitle', 'Title for search engines')} dir="auto" {...form.field('meta_title')} />
        <TextAreaField label={t('projectMetaDescription', 'Description for search engines')} rows={3} {...form.field('meta_description')} />
        <Field label={t('projectMetaKeywords', 'Keywords')} dir="auto" hint={t('projectMetaKeywordsHint', 'Separated by commas.')} {...form.field('meta_keywords')} />
        <div data-field="meta_image">
          <ImagePicker
            label={t('projectMetaImage', 'Picture for shared links')}
            name="meta_image"
            file={files.metaImage}
            stored={project?.meta_image ?? null}
            error={fileError('meta_image')}
            onFile={(metaImage) => change({ metaImage }, ['meta_image'])}
          />
        </div>
      </Section>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        <Link to={dashboardHref({ tab: 'projects', page: 1 })} className={secondary}>
          {t('cancel', 'Cancel')}
        </Link>
        <div className="sm:w-64">
          <SubmitButton busy={form.busy} busyLabel={t('saving', 'Saving…')}>
            {isNew ? t('submitProject', 'Send for approval') : t('saveProject', 'Save project')}
          </SubmitButton>
        </div>
      </div>
    </form>
  );
}

function GalleryInput({ label, hint, error, onChoose, children }: { label: string; hint: string; error?: string; onChoose: (files: FileList | null) => void; children: ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="file"
        multiple
        accept={IMAGE_TYPES.join(',')}
        onChange={(e) => {
          onChoose(e.target.files);
          e.target.value = '';
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint ${id}-error`}
        className="block w-full text-sm text-slate-700 file:me-3 file:min-h-11 file:rounded-md file:border-0 file:bg-brand-light file:px-3 file:font-medium file:text-brand-dark"
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        {hint}
      </p>
      <ErrorText id={`${id}-error`} message={error} />
      <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="gallery-items">
        {children}
      </ul>
    </div>
  );
}

function DocumentsInput({ label, hint, error, onChoose, children }: { label: string; hint: string; error?: string; onChoose: (files: FileList | null) => void; children: ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="file"
        multiple
        accept={DOCUMENT_TYPES.join(',')}
        onChange={(e) => {
          onChoose(e.target.files);
          e.target.value = '';
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint ${id}-error`}
        className="block w-full text-sm text-slate-700 file:me-3 file:min-h-11 file:rounded-md file:border-0 file:bg-brand-light file:px-3 file:font-medium file:text-brand-dark"
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        {hint}
      </p>
      <ErrorText id={`${id}-error`} message={error} />
      <ul className="mt-2 space-y-2" data-testid="document-items">
        {children}
      </ul>
    </div>
  );
}

function PlanEditor(props: {
  plan: PlanRow;
  index: number;
  titleError?: string;
  documentError?: string;
  onTitle: (title: string) => void;
  onDocument: (file: File | null) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const id = useId();
  const { plan, index } = props;
  const number = index + 1;
  return (
    <li className="rounded-xl border border-slate-200 p-3 sm:p-4" data-field={`plans.${index}`}>
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-medium">{t('planNumber', 'Plan {n}').replace('{n}', String(number))}</h3>
        <button type="button" onClick={props.onRemove} className="min-h-11 rounded-lg px-3 text-sm font-medium text-red-800 hover:bg-red-50">
          {t('removePlan', 'Remove plan {n}').replace('{n}', String(number))}
        </button>
      </div>
      <div className="mt-2 grid gap-x-4 sm:grid-cols-2">
        <div data-field={`plans.${index}.title`}>
          <label htmlFor={`${id}-title`} className="mb-1 block text-sm font-medium text-slate-800">
            {t('planTitle', 'Plan title')}
          </label>
          <input
            id={`${id}-title`}
            value={plan.title}
            dir="auto"
            onChange={(e) => props.onTitle(e.target.value)}
            aria-invalid={props.titleError ? true : undefined}
            aria-describedby={`${id}-title-error`}
            className={`${inputClass} ${props.titleError ? 'border-red-600' : 'border-slate-300'}`}
          />
          <ErrorText id={`${id}-title-error`} message={props.titleError} />
        </div>
        <div data-field={`plans.${index}.document`}>
          <label htmlFor={`${id}-document`} className="mb-1 block text-sm font-medium text-slate-800">
            {plan.id ? t('planReplace', 'Replace the plan (picture or PDF)') : t('planDocument', 'Plan (picture or PDF)')}
          </label>
          <input
            id={`${id}-document`}
            type="file"
            accept={DOCUMENT_TYPES.join(',')}
            onChange={(e) => props.onDocument(e.target.files?.[0] ?? null)}
            aria-invalid={props.documentError ? true : undefined}
            aria-describedby={`${id}-document-error`}
            className="block w-full text-sm text-slate-700 file:me-3 file:min-h-11 file:rounded-md file:border-0 file:bg-brand-light file:px-3 file:font-medium file:text-brand-dark"
          />
          {plan.url && !plan.document ? (
            <a href={plan.url} className="mt-1 inline-block text-sm font-medium text-brand-dark underline">
              {t('planCurrent', 'Current plan')}
            </a>
          ) : null}
          <ErrorText id={`${id}-document-error`} message={props.documentError} />
        </div>
      </div>
    </li>
  );
}
