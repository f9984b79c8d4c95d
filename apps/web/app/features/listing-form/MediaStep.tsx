import { MAX_DOCUMENTS, MAX_GALLERY_IMAGES } from '@estate/core';
import { type DragEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { localizeMessage, useT, type Translate } from '../../lib/i18n.ts';
import { TextField } from './fields.tsx';
import type { FormApi } from './form-api.ts';
import { DOCUMENT_ACCEPT, type FileKind, IMAGE_ACCEPT, fileProblem, fileSize, maxMegabytes, moveItem } from './media-files.ts';
import type { GalleryItem, Media } from './values.ts';

let keys = 0;
const newKey = () => `new-${++keys}`;

/** A preview address for a chosen file, freed when the file goes. */
export function useObjectUrl(file: File | null | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file) return setUrl(undefined);
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

/** A stored picture as a file, so it can be sent again in another place (title ↔ gallery). */
async function fileFromUrl(url: string, name: string): Promise<File> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${response.status}`);
  const blob = await response.blob();
  const ending = blob.type.split('/')[1]?.replace('jpeg', 'jpg') ?? 'webp';
  return new File([blob], `${name}.${ending}`, { type: blob.type || 'image/webp' });
}

export function problemText(problem: 'type' | 'size', kind: FileKind, file: File, t: Translate): string {
  if (problem === 'size') return t('fileTooLarge', '{name} is larger than {mb} MB.').replace('{name}', file.name).replace('{mb}', String(maxMegabytes(kind)));
  return kind === 'image'
    ? `${file.name}: ${t('msgPicture', 'Choose a JPEG, PNG, WebP, GIF or AVIF picture.')}`
    : `${file.name}: ${t('fileTypeDocument', 'Choose a PDF or a picture.')}`;
}

const buttonClass = 'inline-flex min-h-11 items-center justify-center gap-1 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40';
const iconButton = 'inline-flex size-11 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40';

function Icon({ d, className = 'size-5' }: { d: string; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={className}>
      <path d={d} />
    </svg>
  );
}
const ICONS = {
  start: 'M12.7 4.3 7 10l5.7 5.7-1.4 1.4L4.2 10l7.1-7.1z',
  end: 'M7.3 4.3 13 10l-5.7 5.7 1.4 1.4 7.1-7.1-7.1-7.1z',
  remove: 'M7 2h6l1 2h4v2H2V4h4l1-2zm-3 5h12l-1 11H5L4 7zm4 2v7h1V9H8zm3 0v7h1V9h-1z',
  upload: 'M10 2 5 7h3v6h4V7h3l-5-5zM3 15h14v3H3z',
  star: 'm10 1.5 2.6 5.4 5.9.8-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.8z',
};

/** A place to drop files, with a real file input (labelled) for keyboards and phones. */
function DropZone(props: { label: string; chooseLabel: string; hint: ReactNode; accept: string; multiple?: boolean; disabled?: boolean; onFiles: (files: File[]) => void; testId: string; error?: string }) {
  const id = useId();
  const t = useT();
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!props.disabled && event.dataTransfer.files.length) props.onFiles([...event.dataTransfer.files]);
  };
  return (
    <div
      data-testid={props.testId}
      onDragOver={(event) => {
        if ([...event.dataTransfer.types].includes('Files')) {
          event.preventDefault();
          setOver(true);
        }
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={`rounded-xl border-2 border-dashed p-4 text-center transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand ${
        over ? 'border-brand bg-brand-light' : props.error ? 'border-red-400 bg-red-50' : 'border-slate-300 bg-slate-50'
      }`}
    >
      <Icon d={ICONS.upload} className="mx-auto size-7 text-slate-500" />
      <p className="mt-1 text-sm text-slate-700">{props.multiple ? t('dropFiles', 'Drop files here, or') : t('dropFile', 'Drop a file here, or')}</p>
      <label htmlFor={id} className={`${buttonClass} mt-2 cursor-pointer ${props.disabled ? 'pointer-events-none opacity-40' : ''}`}>
        {props.chooseLabel}
        <span className="sr-only">: {props.label}</span>
      </label>
      <input
        id={id}
        type="file"
        className="sr-only"
        accept={props.accept}
        multiple={props.multiple}
        disabled={props.disabled}
        aria-invalid={props.error ? true : undefined}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length) props.onFiles(files);
        }}
      />
      <p className="mt-2 text-xs text-slate-600">{props.hint}</p>
    </div>
  );
}

function ErrorText({ message, id }: { message?: string; id?: string }) {
  const t = useT();
  return (
    <p id={id} aria-live="polite" className="mt-1 min-h-5 text-sm text-red-700">
      {message ? localizeMessage(message, t) : null}
    </p>
  );
}

/** One picture field: the title picture, the 360° photo, the share picture. */
export function PictureField(props: {
  f: FormApi;
  field: 'title_image' | 'three_d_image' | 'meta_image';
  label: string;
  hint: string;
  required?: boolean;
  file: File | null;
  stored: string | null;
  onFile: (file: File | null) => void;
  /** Removing the stored picture (edit), when the field allows it. */
  onRemoveStored?: () => void;
  wide?: boolean;
}) {
  const t = useT();
  const preview = useObjectUrl(props.file);
  const src = preview ?? props.stored ?? undefined;
  const titleId = useId();
  const error = props.f.error(props.field);
  return (
    <section aria-labelledby={titleId} className="min-w-0">
      <h3 id={titleId} className="text-base font-semibold text-slate-900">
        {props.label}
        {props.required ? <span className="text-red-700"> *</span> : null}
      </h3>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {src ? (
          <figure className="min-w-0">
            <img src={src} alt={t('previewOf', 'Preview: {what}').replace('{what}', props.label)} className={`w-full rounded-lg bg-slate-200 object-cover ${props.wide ? 'aspect-[2/1]' : 'aspect-[4/3]'}`} />
            <figcaption className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
              <span className="min-w-0 truncate">{props.file ? `${props.file.name} · ${fileSize(props.file.size, t.lang)}` : t('currentPicture', 'Current picture')}</span>
              {props.file ? (
                <button type="button" className={buttonClass} onClick={() => props.onFile(null)}>
                  {t('undoChoice', 'Undo')}
                  <span className="sr-only">: {props.label}</span>
                </button>
              ) : props.onRemoveStored ? (
                <button type="button" className={buttonClass} onClick={props.onRemoveStored}>
                  {t('remove', 'Remove')}
                  <span className="sr-only">: {props.label}</span>
                </button>
              ) : null}
            </figcaption>
          </figure>
        ) : null}
        <DropZone
          label={props.label}
          chooseLabel={src ? t('replacePicture', 'Choose another picture') : t('choosePicture', 'Choose a picture')}
          hint={props.hint}
          accept={IMAGE_ACCEPT}
          testId={`drop-${props.field}`}
          error={error}
          onFiles={([file]) => {
            const problem = fileProblem(file, 'image');
            if (problem) return props.f.setLocalError(props.field, problemText(problem, 'image', file, t));
            props.f.setLocalError(props.field, undefined);
            props.onFile(file);
          }}
        />
      </div>
      <ErrorText message={error} />
    </section>
  );
}

function Thumb({ item, index, alt }: { item: GalleryItem; index: number; alt: string }) {
  const preview = useObjectUrl(item.kind === 'new' ? item.file : null);
  const src = item.kind === 'stored' ? item.url : preview;
  return (
    <div className="relative">
      {src ? <img src={src} alt={alt} className="aspect-[4/3] w-full rounded-lg bg-slate-200 object-cover" draggable={false} /> : <div className="aspect-[4/3] w-full rounded-lg bg-slate-200" />}
      <span className="absolute start-1 top-1 rounded-md bg-slate-900/75 px-1.5 text-xs font-semibold text-white" aria-hidden="true">
        {index + 1}
      </span>
    </div>
  );
}

function GalleryEditor({ f }: { f: FormApi }) {
  const t = useT();
  const titleId = useId();
  const { gallery } = f.media;
  const firstNew = gallery.findIndex((g) => g.kind === 'new');
  const [dragging, setDragging] = useState<number | null>(null);
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState(false);
  const error = f.error('gallery_images');
  const room = MAX_GALLERY_IMAGES - gallery.length;

  const add = (files: File[]) => {
    const problems: string[] = [];
    const fit = files.filter((file) => {
      const problem = fileProblem(file, 'image');
      if (problem) problems.push(problemText(problem, 'image', file, t));
      return !problem;
    });
    const taken = fit.slice(0, Math.max(0, room));
    if (fit.length > taken.length) problems.push(t('galleryFull', 'A listing can have at most {max} gallery photos; {count} were not added.').replace('{max}', String(MAX_GALLERY_IMAGES)).replace('{count}', String(fit.length - taken.length)));
    f.setLocalError('gallery_images', problems.length ? problems.join(' ') : undefined);
    if (taken.length) f.updateMedia((m) => ({ ...m, gallery: [...m.gallery, ...taken.map((file): GalleryItem => ({ kind: 'new', key: newKey(), file }))] }), ['gallery_images']);
  };

  const move = (from: number, to: number) => {
    f.updateMedia((m) => ({ ...m, gallery: moveItem(m.gallery, from, to) }), []);
    setNotice(t('photoMoved', 'Photo {from} is now photo {to}.').replace('{from}', String(from + 1)).replace('{to}', String(to + 1)));
  };

  const remove = (index: number) => {
    const item = gallery[index];
    f.updateMedia(
      (m) => ({
        ...m,
        gallery: m.gallery.filter((_, i) => i !== index),
        removedGallery: item.kind === 'stored' ? [...m.removedGallery, item.id] : m.removedGallery,
      }),
      ['gallery_images'],
    );
    setNotice(t('photoRemoved', 'Photo {n} removed.').replace('{n}', String(index + 1)));
  };

  /** The photo becomes the title picture; the title picture takes its place in the gallery. */
  const makeTitle = async (index: number) => {
    const item = gallery[index];
    setBusy(true);
    try {
      const file = item.kind === 'new' ? item.file : await fileFromUrl(item.url, 'title');
      const previous = f.media.titleImage ?? (f.media.storedTitle ? await fileFromUrl(f.media.storedTitle, 'photo').catch(() => null) : null);
      f.updateMedia((m: Media) => {
        const next = [...m.gallery];
        const at = next.indexOf(item);
        if (at < 0) return m;
        const swapped: GalleryItem[] = previous ? [{ kind: 'new', key: newKey(), file: previous }] : [];
        // A new photo's place goes to the old title picture; stored photos keep their order, so it goes last.
        if (item.kind === 'new') next.splice(at, 1, ...swapped);
        else {
          next.splice(at, 1);
          next.push(...swapped);
        }
        return { ...m, titleImage: file, gallery: next, removedGallery: item.kind === 'stored' ? [...m.removedGallery, item.id] : m.removedGallery };
      }, ['title_image', 'gallery_images']);
      setNotice(t('photoIsTitle', 'Photo {n} is now the title picture.').replace('{n}', String(index + 1)));
    } catch {
      setNotice(t('photoTitleFailed', 'That photo could not be made the title picture. Choose it again from your device.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={titleId} className="min-w-0">
      <h3 id={titleId} className="text-base font-semibold text-slate-900">
        {t('galleryPhotos', 'Gallery photos')}{' '}
        <span className="text-sm font-normal text-slate-600">
          ({gallery.length}/{MAX_GALLERY_IMAGES})
        </span>
      </h3>
      <p className="mt-1 text-sm text-slate-600">{t('galleryHint', 'Drag photos to change their order, or use the arrows. The first photos are shown first.')}</p>
      {gallery.length ? (
        <ol
          className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
          data-testid="gallery-list"
          onDragOver={(event) => {
            if ([...event.dataTransfer.types].includes('Files')) event.preventDefault();
          }}
          onDrop={(event) => {
            if (event.dataTransfer.files.length) {
              event.preventDefault();
              add([...event.dataTransfer.files]);
            }
          }}
        >
          {gallery.map((item, index) => {
            const movable = item.kind === 'new';
            const canEarlier = movable && index > firstNew;
            const canLater = movable && index < gallery.length - 1;
            const name = t('photoN', 'Photo {n}').replace('{n}', String(index + 1));
            return (
              <li
                key={item.kind === 'new' ? item.key : `stored-${item.id}`}
                data-testid="gallery-item"
                draggable={movable}
                onDragStart={(event) => {
                  setDragging(index);
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', String(index));
                }}
                onDragEnd={() => setDragging(null)}
                onDragOver={(event) => {
                  if (dragging !== null && movable) event.preventDefault();
                }}
                onDrop={(event) => {
                  if (dragging === null || !movable) return;
                  event.preventDefault();
                  event.stopPropagation();
                  move(dragging, index);
                  setDragging(null);
                }}
                className={`min-w-0 rounded-xl border bg-white p-2 ${dragging === index ? 'border-brand opacity-60' : 'border-slate-200'} ${movable ? 'cursor-grab' : ''}`}
              >
                <Thumb item={item} index={index} alt={name} />
                <div className="mt-2 flex items-center justify-between gap-1">
                  <button type="button" className={iconButton} disabled={!canEarlier} onClick={() => move(index, index - 1)}>
                    <Icon d={ICONS.start} className="size-5 rtl:rotate-180" />
                    <span className="sr-only">{t('moveEarlier', 'Move {what} earlier').replace('{what}', name)}</span>
                  </button>
                  <button type="button" className={iconButton} disabled={!canLater} onClick={() => move(index, index + 1)}>
                    <Icon d={ICONS.end} className="size-5 rtl:rotate-180" />
                    <span className="sr-only">{t('moveLater', 'Move {what} later').replace('{what}', name)}</span>
                  </button>
                  <button type="button" className={`${iconButton} text-red-700`} onClick={() => remove(index)}>
                    <Icon d={ICONS.remove} />
                    <span className="sr-only">{t('removeWhat', 'Remove {what}').replace('{what}', name)}</span>
                  </button>
                </div>
                <button type="button" className={`${buttonClass} mt-2 w-full py-1 text-center leading-tight`} disabled={busy} onClick={() => void makeTitle(index)}>
                  <Icon d={ICONS.star} className="size-4 shrink-0" />
                  <span>{t('makeTitlePicture', 'Make title picture')}</span>
                  <span className="sr-only">: {name}</span>
                </button>
              </li>
            );
          })}
        </ol>
      ) : null}
      <div className="mt-3">
        <DropZone
          label={t('galleryPhotos', 'Gallery photos')}
          chooseLabel={t('choosePhotos', 'Choose photos')}
          hint={t('galleryLimits', 'Up to {max} photos, JPEG, PNG, WebP, GIF or AVIF, {mb} MB each.').replace('{max}', String(MAX_GALLERY_IMAGES)).replace('{mb}', String(maxMegabytes('image')))}
          accept={IMAGE_ACCEPT}
          multiple
          disabled={room <= 0}
          testId="drop-gallery"
          error={error}
          onFiles={add}
        />
      </div>
      <ErrorText message={error} />
      <p className="sr-only" aria-live="polite">
        {notice}
      </p>
    </section>
  );
}

function DocumentsField({ f }: { f: FormApi }) {
  const t = useT();
  const titleId = useId();
  const { storedDocuments, documents } = f.media;
  const error = f.error('documents');
  const count = storedDocuments.length + documents.length;
  const add = (files: File[]) => {
    const problems: string[] = [];
    const fit = files.filter((file) => {
      const problem = fileProblem(file, 'document');
      if (problem) problems.push(problemText(problem, 'document', file, t));
      return !problem;
    });
    const taken = fit.slice(0, Math.max(0, MAX_DOCUMENTS - count));
    if (fit.length > taken.length) problems.push(t('documentsFull', 'A listing can have at most {max} documents; {count} were not added.').replace('{max}', String(MAX_DOCUMENTS)).replace('{count}', String(fit.length - taken.length)));
    f.setLocalError('documents', problems.length ? problems.join(' ') : undefined);
    if (taken.length) f.updateMedia((m) => ({ ...m, documents: [...m.documents, ...taken] }), ['documents']);
  };
  return (
    <section aria-labelledby={titleId} className="min-w-0">
      <h3 id={titleId} className="text-base font-semibold text-slate-900">
        {t('documents', 'Documents')}{' '}
        <span className="text-sm font-normal text-slate-600">
          ({count}/{MAX_DOCUMENTS})
        </span>
      </h3>
      {count ? (
        <ul className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" data-testid="document-list">
          {storedDocuments.map((d) => (
            <li key={`stored-${d.id}`} className="flex items-center justify-between gap-2 p-2">
              <a href={d.url} target="_blank" rel="noreferrer" className="min-w-0 truncate text-sm font-medium text-brand-dark underline">
                {d.name}
              </a>
              <button
                type="button"
                className={buttonClass}
                onClick={() => f.updateMedia((m) => ({ ...m, storedDocuments: m.storedDocuments.filter((s) => s.id !== d.id), removedDocuments: [...m.removedDocuments, d.id] }), ['documents'])}
              >
                {t('remove', 'Remove')}
                <span className="sr-only">: {d.name}</span>
              </button>
            </li>
          ))}
          {documents.map((file, i) => (
            <li key={`new-${i}-${file.name}`} className="flex items-center justify-between gap-2 p-2">
              <span className="min-w-0 truncate text-sm">
                {file.name} <span className="text-slate-600">· {fileSize(file.size, t.lang)}</span>
              </span>
              <button type="button" className={buttonClass} onClick={() => f.updateMedia((m) => ({ ...m, documents: m.documents.filter((d) => d !== file) }), ['documents'])}>
                {t('remove', 'Remove')}
                <span className="sr-only">: {file.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-3">
        <DropZone
          label={t('documents', 'Documents')}
          chooseLabel={t('chooseDocuments', 'Choose documents')}
          hint={t('documentLimits', 'Brochures, plans or papers: PDF or pictures, up to {max}, {mb} MB each.').replace('{max}', String(MAX_DOCUMENTS)).replace('{mb}', String(maxMegabytes('document')))}
          accept={DOCUMENT_ACCEPT}
          multiple
          disabled={count >= MAX_DOCUMENTS}
          testId="drop-documents"
          error={error}
          onFiles={add}
        />
      </div>
      <ErrorText message={error} />
    </section>
  );
}

export function MediaStep({ f }: { f: FormApi }) {
  const t = useT();
  const mb = String(maxMegabytes('image'));
  return (
    <div className="space-y-8">
      <PictureField
        f={f}
        field="title_image"
        label={t('titlePicture', 'Title picture')}
        hint={t('titlePictureHint', 'The picture shown on cards and at the top of the listing. Up to {mb} MB.').replace('{mb}', mb)}
        required
        file={f.media.titleImage}
        stored={f.media.storedTitle}
        onFile={(file) => f.updateMedia((m) => ({ ...m, titleImage: file }), ['title_image'])}
      />
      <GalleryEditor f={f} />
      <PictureField
        f={f}
        field="three_d_image"
        label={t('panoramaPicture', '360° photo')}
        hint={t('panoramaHint', 'An equirectangular panorama (twice as wide as high), up to {mb} MB.').replace('{mb}', mb)}
        file={f.media.threeD}
        stored={f.media.removeThreeD ? null : f.media.storedThreeD}
        wide
        onFile={(file) => f.updateMedia((m) => ({ ...m, threeD: file }), ['three_d_image'])}
        onRemoveStored={() => f.updateMedia((m) => ({ ...m, removeThreeD: true }), ['three_d_image'])}
      />
      <DocumentsField f={f} />
      <TextField
        label={t('videoLink', 'Video link')}
        name="video_link"
        type="url"
        inputMode="url"
        dir="ltr"
        value={f.values.video_link}
        onChange={(v) => f.set('video_link', v)}
        onBlur={() => f.touch('video_link')}
        error={f.error('video_link')}
        hint={t('videoLinkHint', 'A YouTube or other video address, starting with https://')}
      />
    </div>
  );
}
