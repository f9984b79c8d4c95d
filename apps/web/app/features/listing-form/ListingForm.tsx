/**
 * Add or edit a property in steps: basics, location, details, nearby places, photos and files,
 * search engines, review. Text is kept as a draft in local storage while it is typed; the shared
 * schemas check it before it is sent (their messages are the server's); a refusal's field
 * messages open the step that holds the field.
 */
import type { Category, Facility } from '@estate/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { RequestError } from '../../lib/client.ts';
import { localizeMessage, useT, type Translate } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { BasicsStep } from './BasicsStep.tsx';
import { listingBody, listingFormData, type Mode } from './build-body.ts';
import { DetailsStep } from './DetailsStep.tsx';
import { DraftWriter, clearDraft, loadDraft, sameValues } from './draft.ts';
import { FacilitiesStep } from './FacilitiesStep.tsx';
import type { FormApi } from './form-api.ts';
import { LocationStep } from './LocationStep.tsx';
import { MediaStep } from './MediaStep.tsx';
import { postProperty } from './post-property.ts';
import { ReviewStep, type Sending } from './ReviewStep.tsx';
import { SeoStep } from './SeoStep.tsx';
import { STEPS, type Step, fieldErrors, firstStepWithError, stepOfField } from './steps.ts';
import { updatePostProperty } from './update-post-property.ts';
import { validateListing } from './validate.ts';
import type { ListingValues, Media } from './values.ts';

/** How long typing may pause before the draft is written (spec §9 debounce). */
const DRAFT_DEBOUNCE_MS = 300;

export function stepName(step: Step, t: Translate): string {
  const names: Record<Step, string> = {
    basics: t('stepBasics', 'Basics'),
    location: t('location', 'Location'),
    details: t('stepDetails', 'Details'),
    facilities: t('stepFacilities', 'Nearby places'),
    media: t('stepMedia', 'Photos and files'),
    seo: t('stepSeo', 'Search engines'),
    review: t('stepReview', 'Review'),
  };
  return names[step];
}

function StepNav({ step, onStep, withErrors }: { step: Step; onStep: (s: Step) => void; withErrors: ReadonlySet<Step> }) {
  const t = useT();
  const index = STEPS.indexOf(step);
  return (
    <nav aria-label={t('formSteps', 'Steps of the form')} className="sticky top-0 z-20 -mx-4 border-b border-slate-200 bg-white/95 px-4 py-2 backdrop-blur lg:top-4 lg:mx-0 lg:rounded-2xl lg:border lg:p-3">
      <p className="mb-2 text-center text-sm font-medium text-slate-800 lg:hidden" aria-hidden="true">
        {t('stepOf', 'Step {n} of {total}').replace('{n}', String(index + 1)).replace('{total}', String(STEPS.length))}: {stepName(step, t)}
      </p>
      <ol className="flex justify-between gap-1 lg:flex-col lg:gap-1">
        {STEPS.map((s, i) => {
          const current = s === step;
          const done = i < index;
          const flagged = withErrors.has(s);
          return (
            <li key={s} className="min-w-0">
              <button
                type="button"
                onClick={() => onStep(s)}
                aria-current={current ? 'step' : undefined}
                data-testid={`step-${s}`}
                className={`flex min-h-11 w-full items-center gap-2 rounded-lg text-start text-sm lg:px-2 ${current ? 'font-semibold text-brand-dark lg:bg-brand-light' : 'text-slate-700 hover:bg-slate-100'}`}
              >
                <span
                  aria-hidden="true"
                  className={`relative flex size-9 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold ${
                    current ? 'border-brand bg-brand text-white' : done ? 'border-brand bg-white text-brand-dark' : 'border-slate-300 bg-white text-slate-700'
                  }`}
                >
                  {i + 1}
                  {flagged ? <span className="absolute -end-0.5 -top-0.5 size-3 rounded-full border-2 border-white bg-red-600" /> : null}
                </span>
                <span className="sr-only lg:not-sr-only">{stepName(s, t)}</span>
                {flagged ? <span className="sr-only">({t('stepHasErrors', 'needs attention')})</span> : null}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

export type ListingFormProps = {
  mode: Mode;
  categories: readonly Category[];
  facilities: readonly Facility[];
  initialValues: ListingValues;
  initialMedia: Media;
  /** Where the draft lives in local storage. */
  draftKey: string;
  /** A server's refusal at a gate (403 with its code): opens the pop-up and answers true (features/owner ListingGate). */
  refused: (error: unknown) => boolean;
};

export function ListingForm({ mode, categories, facilities, initialValues, initialMedia, draftKey, refused }: ListingFormProps) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The draft is read once, in the browser (this form is only rendered there).
  const [restored] = useState(() => {
    const draft = loadDraft(localStorage, draftKey);
    // A draft that holds nothing new is no draft.
    return draft && !sameValues(draft.values, initialValues) ? draft : null;
  });
  const [values, setValues] = useState<ListingValues>(() => restored?.values ?? initialValues);
  const [media, setMedia] = useState<Media>(initialMedia);
  const [step, setStep] = useState<Step>(restored?.step ?? 'basics');
  const [showRestored, setShowRestored] = useState(!!restored);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [checkedSteps, setCheckedSteps] = useState<ReadonlySet<Step>>(new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [sending, setSending] = useState<Sending>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const pendingFocus = useRef<string | null>(null);
  const [drafts] = useState(() => new DraftWriter(localStorage, DRAFT_DEBOUNCE_MS));

  const category = categories.find((c) => String(c.id) === values.category_id);
  const parameterTypes = useMemo(() => category?.parameter_types ?? [], [category]);
  const { body, order } = useMemo(() => listingBody(values, media, parameterTypes, mode), [values, media, parameterTypes, mode]);
  const live = useMemo(() => validateListing(body, order, { mode, values, media, parameterTypes }), [body, order, mode, values, media, parameterTypes]);

  // The draft follows the typing (text only), a moment after it pauses; opening the form and
  // leaving it leaves nothing behind.
  useEffect(() => {
    drafts.later(draftKey, values, step, initialValues);
    return () => drafts.cancel();
  }, [drafts, values, step, draftKey, initialValues]);

  // A step opened by a message: focus the field it names, else the step's heading.
  useEffect(() => {
    const field = pendingFocus.current;
    pendingFocus.current = null;
    const target = field ? formRef.current?.querySelector<HTMLElement>(`[name="${CSS.escape(field)}"]`) : null;
    if (target) target.focus();
    // The page was scrolled to the top already; the heading only takes the focus.
    else if (field !== null) heading.current?.focus({ preventScroll: true });
  }, [step, serverErrors, checkedSteps]);

  const clearFieldErrors = (fields: string[]) => {
    const drop = (prev: Record<string, string>) => {
      if (!fields.some((f) => f in prev)) return prev;
      const next = { ...prev };
      for (const f of fields) delete next[f];
      return next;
    };
    setServerErrors(drop);
  };

  const errorOf = (field: string): string | undefined =>
    localErrors[field] ?? serverErrors[field] ?? (touched.has(field) || checkedSteps.has(stepOfField(field)) ? live[field] : undefined);

  const goTo = (next: Step, focusField?: string) => {
    pendingFocus.current = focusField ?? '';
    if (next !== step) setShowRestored(false);
    setStep(next);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const f: FormApi = {
    mode,
    values,
    set: (key, value) => {
      setValues((prev) => ({ ...prev, [key]: value }));
      clearFieldErrors([key]);
    },
    setParameter: (id, value) => {
      setValues((prev) => ({ ...prev, parameters: { ...prev.parameters, [id]: value } }));
      clearFieldErrors([`parameters.${id}`, 'parameters']);
    },
    setFacility: (id, distance) => {
      setValues((prev) => ({ ...prev, facilities: { ...prev.facilities, [id]: distance } }));
      clearFieldErrors([`facilities.${id}`, 'facilities']);
    },
    media,
    updateMedia: (change, fields) => {
      setMedia(change);
      clearFieldErrors(fields);
    },
    error: errorOf,
    touch: (field) => setTouched((prev) => (prev.has(field) ? prev : new Set(prev).add(field))),
    setLocalError: (field, message) =>
      setLocalErrors((prev) => {
        const next = { ...prev };
        if (message) next[field] = message;
        else delete next[field];
        return next;
      }),
    categories,
    category,
    facilities,
    goTo: (s) => goTo(s),
  };

  /** Messages the steps have no field for (a list's own message, or one the server named otherwise). */
  const known = new Set([
    ...['title', 'description', 'category_id', 'property_type', 'price', 'rentduration', 'is_premium'],
    ...['address', 'client_address', 'city', 'state', 'country', 'latitude', 'longitude'],
    ...parameterTypes.map((p) => `parameters.${p.id}`),
    ...facilities.map((x) => `facilities.${x.id}`),
    ...['facilities', 'title_image', 'gallery_images', 'three_d_image', 'documents', 'video_link', 'meta_title', 'meta_description', 'meta_keywords', 'meta_image'],
  ]);
  const shownErrors = { ...Object.fromEntries(Object.entries(live).filter(([field]) => checkedSteps.has(stepOfField(field)))), ...serverErrors, ...localErrors };
  const otherErrors = Object.entries(shownErrors)
    .filter(([field]) => !known.has(field))
    .map(([, message]) => localizeMessage(message, t));
  const stepsWithErrors = new Set(Object.keys(shownErrors).map(stepOfField));

  const index = STEPS.indexOf(step);
  const next = () => {
    const mine = Object.keys(live).filter((field) => stepOfField(field) === step);
    setCheckedSteps((prev) => new Set(prev).add(step));
    if (mine.length) {
      pendingFocus.current = mine[0];
      return;
    }
    goTo(STEPS[index + 1]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (step !== 'review') return next();
    setCheckedSteps(new Set(STEPS));
    setFormError(undefined);
    // A file refused when it was chosen was never added: its message informs, it does not block.
    const firstBad = firstStepWithError(live);
    if (firstBad) return goTo(firstBad, Object.keys(live).find((k) => stepOfField(k) === firstBad));
    setSending({ sent: 0, total: 1 });
    try {
      const form = listingFormData(body);
      const progress = (done: number, total: number) => setSending({ sent: done, total });
      const answer = mode.kind === 'create' ? await postProperty(form, progress) : await updatePostProperty(form, progress);
      drafts.finish(draftKey);
      void queryClient.invalidateQueries({ queryKey: ['owned'] });
      toast(localizeMessage(answer.message || t('listingSaved', 'Your listing was saved.'), t));
      const saved = answer.data[0];
      navigate(saved ? `/my-property/${saved.slug_id}` : '/user/dashboard');
    } catch (error) {
      setSending(null);
      if (!(error instanceof RequestError)) return setFormError(error instanceof Error ? error.message : String(error));
      if (error.status === 401) return;
      // Nothing typed is lost: the pop-up says why, the message stays on the review.
      if (refused(error)) return setFormError(error.message);
      const named = fieldErrors(error.fieldErrors, order);
      setServerErrors(named);
      const stepWithError = firstStepWithError(named);
      if (stepWithError && stepWithError !== 'review') {
        const field = Object.keys(named).find((k) => stepOfField(k) === stepWithError);
        goTo(stepWithError, field);
      } else setFormError(error.message);
    }
  };

  const startOver = () => {
    clearDraft(localStorage, draftKey);
    setValues(initialValues);
    setMedia(initialMedia);
    setServerErrors({});
    setLocalErrors({});
    setCheckedSteps(new Set());
    setTouched(new Set());
    setShowRestored(false);
    goTo('basics');
  };

  const stepBody: Record<Step, ReactNode> = {
    basics: <BasicsStep f={f} />,
    location: <LocationStep f={f} />,
    details: <DetailsStep f={f} />,
    facilities: <FacilitiesStep f={f} />,
    media: <MediaStep f={f} />,
    seo: <SeoStep f={f} />,
    review: <ReviewStep f={f} sending={sending} formError={formError} otherErrors={otherErrors} />,
  };
  const stepErrors = step === 'review' ? [] : Object.entries(shownErrors).filter(([field]) => !known.has(field) && stepOfField(field) === step);

  return (
    <div className="lg:grid lg:grid-cols-[14rem_1fr] lg:items-start lg:gap-8">
      <StepNav step={step} onStep={(s) => goTo(s)} withErrors={stepsWithErrors} />
      <form ref={formRef} noValidate onSubmit={submit} className="mt-4 min-w-0 lg:mt-0 [&_:is(input,select,textarea,button)]:scroll-mt-36 [&_:is(input,select,textarea,button)]:scroll-mb-24" data-testid="listing-form" aria-labelledby="listing-step-heading">
        {showRestored ? (
          <div role="status" className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            <span>{t('draftRestored', 'We kept what you typed last time. Photos and files need to be chosen again.')}</span>
            <span className="flex gap-2">
              <button type="button" onClick={() => setShowRestored(false)} className="min-h-11 rounded-lg px-3 font-medium hover:bg-amber-100">
                {t('ok', 'OK')}
              </button>
              <button type="button" onClick={startOver} className="min-h-11 rounded-lg border border-amber-400 px-3 font-medium hover:bg-amber-100">
                {t('startOver', 'Start over')}
              </button>
            </span>
          </div>
        ) : null}
        <div className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
          <h2 id="listing-step-heading" ref={heading} tabIndex={-1} className="mb-4 text-xl font-semibold text-slate-900 outline-none">
            <span className="sr-only">{t('stepOf', 'Step {n} of {total}').replace('{n}', String(index + 1)).replace('{total}', String(STEPS.length))}: </span>
            {stepName(step, t)}
          </h2>
          {stepErrors.map(([field, message]) => (
            <p key={field} role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
              {localizeMessage(message, t)}
            </p>
          ))}
          {stepBody[step]}
        </div>
        <div className="sticky bottom-0 z-20 -mx-4 mt-4 flex items-center justify-between gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur lg:static lg:mx-0 lg:border-0 lg:bg-transparent lg:px-0">
          <button
            type="button"
            onClick={() => goTo(STEPS[index - 1])}
            disabled={index === 0 || !!sending}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-4 font-medium text-slate-800 hover:bg-slate-50 disabled:invisible"
          >
            <span aria-hidden="true" className="inline-block rtl:rotate-180">
              ←
            </span>{' '}
            {t('previous', 'Previous')}
          </button>
          {step === 'review' ? (
            <button type="submit" disabled={!!sending} className="min-h-11 flex-1 rounded-lg bg-brand px-5 font-semibold text-white hover:bg-brand-dark disabled:cursor-wait disabled:opacity-70 sm:flex-none">
              {sending ? t('sendingListing', 'Sending…') : mode.kind === 'create' ? t('submitListing', 'Add the property') : t('saveListing', 'Save the changes')}
            </button>
          ) : (
            <button type="submit" className="min-h-11 rounded-lg bg-brand px-5 font-semibold text-white hover:bg-brand-dark">
              {t('next', 'Next')}{' '}
              <span aria-hidden="true" className="inline-block rtl:rotate-180">
                →
              </span>
            </button>
          )}
        </div>
      </form>
    </div>
  );
}
