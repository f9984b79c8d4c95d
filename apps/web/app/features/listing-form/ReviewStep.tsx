import type { ReactNode } from 'react';
import { FormAlert } from '../../components/Form.tsx';
import { priceLabel } from '../../lib/format.ts';
import { useSite, useT } from '../../lib/i18n.ts';
import type { FormApi } from './form-api.ts';
import { useObjectUrl } from './MediaStep.tsx';
import type { Step } from './steps.ts';

function Section({ title, step, f, children }: { title: string; step: Step; f: FormApi; children: ReactNode }) {
  const t = useT();
  return (
    <section className="rounded-xl border border-slate-200 p-4">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900">{title}</h3>
        <button type="button" onClick={() => f.goTo(step)} className="min-h-11 rounded-lg px-3 text-sm font-semibold text-brand-dark underline-offset-2 hover:underline">
          {t('change', 'Change')}
          <span className="sr-only">: {title}</span>
        </button>
      </div>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">{children}</dl>
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  const t = useT();
  const empty = children === '' || children === null || children === undefined;
  return (
    <>
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="mb-2 min-w-0 break-words text-slate-900 sm:mb-0">{empty ? <span className="text-slate-500">{t('notGiven', 'Not given')}</span> : children}</dd>
    </>
  );
}

export type Sending = { sent: number; total: number } | null;

export function ReviewStep({ f, sending, formError, otherErrors }: { f: FormApi; sending: Sending; formError?: string; otherErrors: string[] }) {
  const t = useT();
  const site = useSite();
  const { values, media } = f;
  const titlePreview = useObjectUrl(media.titleImage);
  const titleSrc = titlePreview ?? media.storedTitle ?? undefined;
  const price = Number(values.price);
  const unit = site?.distanceUnit === 'mi' ? t('mi', 'mi') : t('km', 'km');
  const facilities = f.facilities.filter((x) => (f.values.facilities[x.id] ?? '').trim() !== '');
  const parameters = f.category?.parameter_types ?? [];
  const percent = sending ? Math.round((sending.sent / Math.max(1, sending.total)) * 100) : 0;
  return (
    <div className="space-y-4">
      <FormAlert message={formError} />
      {otherErrors.map((message) => (
        <FormAlert key={message} message={message} />
      ))}
      {sending ? (
        <div>
          <p className="text-sm font-medium text-slate-800" id="upload-progress-label">
            {percent < 100 ? t('uploading', 'Sending the listing and its files…') : t('uploadProcessing', 'Sent. Preparing the pictures…')}
          </p>
          <progress
            aria-labelledby="upload-progress-label"
            data-testid="upload-progress"
            max={100}
            value={percent}
            className="mt-1 h-3 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand [&::-moz-progress-bar]:bg-brand"
          />
          <p className="mt-1 text-sm text-slate-700" dir="ltr">
            {percent}%
          </p>
        </div>
      ) : null}
      <Section title={t('stepBasics', 'Basics')} step="basics" f={f}>
        <Row label={t('listingTitle', 'Title')}>{values.title}</Row>
        <Row label={t('category', 'Category')}>{f.category?.category}</Row>
        <Row label={t('listedFor', 'For')}>{values.property_type === '1' ? t('rent', 'Rent') : t('sell', 'Sell')}</Row>
        <Row label={t('price', 'Price')}>
          {values.price.trim() !== '' && Number.isFinite(price) && site ? priceLabel(price, values.property_type === '1' ? 'rent' : 'sell', values.rentduration, site.currency, t) : ''}
        </Row>
        <Row label={t('premiumListing', 'Premium listing')}>{values.is_premium ? t('yes', 'Yes') : t('no', 'No')}</Row>
        <Row label={t('description', 'Description')}>{values.description.length > 240 ? `${values.description.slice(0, 240)}…` : values.description}</Row>
      </Section>
      <Section title={t('location', 'Location')} step="location" f={f}>
        <Row label={t('address', 'Address')}>{values.address}</Row>
        <Row label={t('place', 'Place')}>{[values.city, values.state, values.country].filter((v) => v.trim()).join(', ')}</Row>
        <Row label={t('coordinates', 'Coordinates')}>{values.latitude && values.longitude ? <span dir="ltr">{`${values.latitude}, ${values.longitude}`}</span> : ''}</Row>
      </Section>
      {parameters.length ? (
        <Section title={t('stepDetails', 'Details')} step="details" f={f}>
          {parameters.map((p) => {
            const v = values.parameters[p.id];
            const file = media.parameterFiles[p.id]?.name ?? (media.storedParameterFiles[p.id] ? t('currentFile', 'Current file') : '');
            return (
              <Row key={p.id} label={p.name}>
                {p.type_of_parameter === 'file' ? file : Array.isArray(v) ? v.join(', ') : (v ?? '')}
              </Row>
            );
          })}
        </Section>
      ) : null}
      <Section title={t('stepFacilities', 'Nearby places')} step="facilities" f={f}>
        {facilities.length ? (
          facilities.map((x) => (
            <Row key={x.id} label={x.name}>
              <span dir="ltr">{`${f.values.facilities[x.id]} ${unit}`}</span>
            </Row>
          ))
        ) : (
          <Row label={t('stepFacilities', 'Nearby places')}>{''}</Row>
        )}
      </Section>
      <Section title={t('stepMedia', 'Photos and files')} step="media" f={f}>
        <Row label={t('titlePicture', 'Title picture')}>{titleSrc ? <img src={titleSrc} alt={t('titlePicture', 'Title picture')} className="aspect-[4/3] w-40 rounded-md object-cover" /> : ''}</Row>
        <Row label={t('galleryPhotos', 'Gallery photos')}>{media.gallery.length ? String(media.gallery.length) : ''}</Row>
        <Row label={t('panoramaPicture', '360° photo')}>{media.threeD || (media.storedThreeD && !media.removeThreeD) ? t('yes', 'Yes') : ''}</Row>
        <Row label={t('documents', 'Documents')}>{media.documents.length + media.storedDocuments.length ? String(media.documents.length + media.storedDocuments.length) : ''}</Row>
        <Row label={t('videoLink', 'Video link')}>{values.video_link ? <span dir="ltr">{values.video_link}</span> : ''}</Row>
      </Section>
      <Section title={t('stepSeo', 'Search engines')} step="seo" f={f}>
        <Row label={t('metaTitle', 'Title for search engines')}>{values.meta_title}</Row>
        <Row label={t('metaDescription', 'Description for search engines')}>{values.meta_description}</Row>
        <Row label={t('metaKeywords', 'Keywords')}>{values.meta_keywords}</Row>
      </Section>
      {f.mode.kind === 'create' ? (
        <p className="text-sm text-slate-700">{t('reviewNote', 'Your listing is checked by our team before it is shown to everyone. You can follow it on your dashboard.')}</p>
      ) : (
        <p className="text-sm text-slate-700">{t('reviewNoteEdit', 'Changes may be checked by our team again before they are shown.')}</p>
      )}
    </div>
  );
}
