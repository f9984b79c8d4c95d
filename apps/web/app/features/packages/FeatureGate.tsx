import { isFeatureAllowed, type FeatureType } from '@estate/core';
import { type RefObject, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { call, RequestError } from '../../lib/client.ts';
import { useT } from '../../lib/i18n.ts';
import { featureUnavailableText } from './feature-text.ts';

/** Where spec §8's "feature not available" pop-up leads (the plans page). */
export const PLANS_PATH = '/subscription-plan';

/**
 * Spec §8 "feature not available": an error pop-up with the feature type's message; confirming
 * opens the plans. Open it with `ref.current.showModal()`.
 */
export function FeatureUnavailableDialog({ feature, ref }: { feature: FeatureType | null; ref: RefObject<HTMLDialogElement | null> }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      ref={ref}
      id="feature-unavailable"
      title={t('featureUnavailableTitle', 'Feature not available')}
      cancelLabel={t('cancel', 'Cancel')}
      confirmLabel={t('seePlans', 'See plans')}
      onConfirm={() => {
        ref.current?.close();
        navigate(PLANS_PATH);
      }}
    >
      <p role="alert" className="mt-2 text-slate-700" data-testid="feature-unavailable-message">
        {featureUnavailableText(feature, t)}
      </p>
      <p className="mt-2 text-sm text-slate-600">{t('featureUnavailableHint', 'Choose a plan that includes it to continue.')}</p>
    </ConfirmDialog>
  );
}

/**
 * The feature gate of spec §5 before an action (adding a listing, featuring one…): asks the
 * server (`check-package-limit`), decides with feature-gate.ts, and shows the pop-up when the
 * answer is no. Any failure of the check counts as not allowed; a 401 leads to log-in instead.
 *
 *   const gate = useFeatureGate();
 *   if (!(await gate.check('property_list'))) return;
 *   …
 *   {gate.dialog}
 */
export function useFeatureGate() {
  const ref = useRef<HTMLDialogElement>(null);
  const [feature, setFeature] = useState<FeatureType | null>(null);
  const open = (type: FeatureType) => {
    setFeature(type);
    ref.current?.showModal();
  };
  const check = async (type: FeatureType): Promise<boolean> => {
    const { packageLimitAnswer } = await import('./answers.ts');
    try {
      const answer = await call('check-package-limit', packageLimitAnswer, { query: { type } });
      if (isFeatureAllowed(type, answer.data)) return true;
    } catch (error) {
      if (error instanceof RequestError && error.status === 401) return false;
    }
    open(type);
    return false;
  };
  return { check, open, dialog: <FeatureUnavailableDialog feature={feature} ref={ref} /> };
}
