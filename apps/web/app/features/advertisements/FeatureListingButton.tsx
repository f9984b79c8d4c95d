import { FEATURE_DAYS } from '@estate/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { call, RequestError } from '../../lib/client.ts';
import { localizeMessage, useT } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { useFeatureGate } from '../packages/FeatureGate.tsx';
import { PACKAGES_KEY } from '../packages/get-packages.ts';
import { ADVERTISEMENTS_KEY } from './get-featured-data.ts';

/** Spec §2: where a successful feature request leads. */
export const ADVERTISEMENT_PATH = '/user/advertisement';
/** The owner's listings (features/owner): featuring changes what they show. */
const OWNED_KEY = 'owned';

/**
 * "Feature this listing": the feature gate first (spec §5, its pop-up of §8 leading to the plans
 * when the package lacks `property_feature` / `project_feature`), then the owner confirms that a
 * unit is spent, then `store_advertisement`; on success the server's message in a toast and the
 * advertisements page (spec §8 "Feature request").
 */
export function FeatureListingButton({ kind, id, title, className = '' }: { kind: 'property' | 'project'; id: number; title: string; className?: string }) {
  const t = useT();
  const gate = useFeatureGate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dialog = useRef<HTMLDialogElement>(null);
  const feature = kind === 'property' ? 'property_feature' : 'project_feature';
  const store = useMutation({
    mutationFn: async () => {
      const { advertisementAnswer } = await import('./answers.ts');
      return call('store_advertisement', advertisementAnswer, { method: 'POST', body: { feature_for: kind, [kind === 'property' ? 'property_id' : 'project_id']: id } });
    },
    onSuccess: (answer) => {
      dialog.current?.close();
      toast(localizeMessage(answer.message, t));
      for (const key of [OWNED_KEY, ADVERTISEMENTS_KEY, PACKAGES_KEY]) void queryClient.invalidateQueries({ queryKey: [key] });
      navigate(ADVERTISEMENT_PATH);
    },
    onError: (error) => {
      if (error instanceof RequestError && error.status === 401) return;
      dialog.current?.close();
      // The package ran out between the check and the request: the gate's pop-up after all.
      if (error instanceof RequestError && error.code === 'feature_unavailable') gate.open(feature);
      else toast(localizeMessage(error.message, t), 'error');
    },
  });
  const start = async () => {
    if (!(await gate.check(feature))) return;
    dialog.current?.showModal();
  };
  return (
    <>
      <button
        type="button"
        onClick={() => void start()}
        disabled={store.isPending}
        className={`inline-flex min-h-11 items-center justify-center gap-1 rounded-lg border border-amber-400 bg-amber-50 px-3 text-sm font-semibold whitespace-nowrap text-amber-950 hover:bg-amber-100 disabled:cursor-wait disabled:opacity-60 ${className}`}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
          <path d="m10 1.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
        {kind === 'property' ? t('featureThisListing', 'Feature this listing') : t('featureThisProject', 'Feature this project')} <span className="sr-only">{title}</span>
      </button>
      <ConfirmDialog
        ref={dialog}
        id={`feature-${kind}-${id}`}
        title={kind === 'property' ? t('featureListingQuestion', 'Feature this listing?') : t('featureProjectQuestion', 'Feature this project?')}
        cancelLabel={t('cancel', 'Cancel')}
        confirmLabel={store.isPending ? t('featuring', 'Featuring…') : t('featureConfirm', 'Feature it')}
        busy={store.isPending}
        onConfirm={() => store.mutate()}
      >
        <p className="mt-2 text-slate-700">
          <bdi className="font-semibold">{title}</bdi>
        </p>
        <p className="mt-2 text-sm text-slate-700">
          {t.count(FEATURE_DAYS, 'featureListingText', 'It shows first in matching searches and on the home page for {count} day (never beyond your plan’s end). One featured slot of your plan is used.', 'It shows first in matching searches and on the home page for {count} days (never beyond your plan’s end). One featured slot of your plan is used.')}
        </p>
      </ConfirmDialog>
      {gate.dialog}
    </>
  );
}
