import type { FeatureType } from '@estate/core';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormAlert } from '../../components/Form.tsx';
import { call } from '../../lib/client.ts';
import { useT, type Translate } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { featureUnavailableText } from '../packages/feature-text.ts';
import { PLANS_PATH, useFeatureGate } from '../packages/FeatureGate.tsx';
import { DASHBOARD_PATH } from './dashboard-url.ts';
import { accountGate, gateRefusalOf, passesEveryGate, type GateReason, type GateRefusal } from './gate-reason.ts';

const PROFILE_PATH = '/user/profile';

type Gate = { kind: 'checking' } | { kind: 'open' } | { kind: 'refused'; refusal: GateRefusal } | { kind: 'failed'; message: string };

/** Spec §8's words for each account gate: the pop-up's title and text, and where its button leads. */
function accountGateText(reason: Exclude<GateReason, 'feature_unavailable'>, t: Translate) {
  const texts = {
    profile_incomplete: {
      title: t('gateProfileTitle', 'Oops'),
      text: t('gateProfileText', 'You have not completed your profile.'),
      action: t('gateProfileAction', 'Complete your profile'),
      to: PROFILE_PATH,
    },
    verification_pending: {
      title: t('gatePendingTitle', 'Verification pending'),
      text: t('gatePendingText', 'Your verification is still being checked. You can add listings once it is approved.'),
      action: t('backToMyListings', 'Back to my listings'),
      to: DASHBOARD_PATH,
    },
    verification_failed: {
      title: t('gateFailedTitle', 'Verification failed'),
      text: t('gateFailedText', 'Your verification was not approved, so you cannot add listings. Contact us to try again.'),
      action: t('contactUs', 'Contact us'),
      to: '/contact-us',
    },
    not_verified: {
      title: t('gateNotVerifiedTitle', 'Not verified'),
      text: t('gateNotVerifiedText', 'Only verified users can add properties and projects.'),
      action: t('backToMyListings', 'Back to my listings'),
      to: DASHBOARD_PATH,
    },
  };
  return texts[reason];
}

/** The pop-up of an account gate (profile, verification); the package's is features/packages' own. */
function AccountGateDialog({ reason, ref }: { reason: Exclude<GateReason, 'feature_unavailable'>; ref: RefObject<HTMLDialogElement | null> }) {
  const t = useT();
  const navigate = useNavigate();
  const text = accountGateText(reason, t);
  return (
    <ConfirmDialog
      ref={ref}
      id="account-gate"
      title={text.title}
      cancelLabel={t('close', 'Close')}
      confirmLabel={text.action}
      tone={reason === 'verification_pending' || reason === 'profile_incomplete' ? 'brand' : 'danger'}
      onConfirm={() => {
        ref.current?.close();
        navigate(text.to);
      }}
    >
      <p role="alert" className="mt-2 text-slate-700" data-testid="account-gate-message">
        {text.text}
      </p>
    </ConfirmDialog>
  );
}

/** What the page says in place of the form while a gate holds (the pop-up may have been closed). */
function Refused({ refusal }: { refusal: GateRefusal }) {
  const t = useT();
  const link = 'mt-4 inline-flex min-h-11 items-center rounded-lg bg-brand px-4 font-semibold text-white hover:bg-brand-dark';
  if (refusal.reason === 'feature_unavailable') {
    return (
      <div className="rounded-2xl border border-slate-200 bg-white p-6" data-testid="gate-refused">
        <p className="text-slate-800">{featureUnavailableText(refusal.feature, t)}</p>
        <Link to={PLANS_PATH} className={link}>
          {t('seePlans', 'See plans')}
        </Link>
      </div>
    );
  }
  const text = accountGateText(refusal.reason, t);
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6" data-testid="gate-refused">
      <p className="text-slate-800">{text.text}</p>
      <Link to={text.to} className={link}>
        {text.action}
      </Link>
    </div>
  );
}

/**
 * The gates before an add or edit form (spec §5, §6, §8): a complete profile, verification when
 * `verification_required_for_user` is on, and — when adding — the package's `feature` (asked with
 * `check-package-limit`). A gate that holds opens its pop-up and the page says why instead of
 * showing the form. The form gets `refused(error)`: a 403 the server answers on submit with a
 * gate's code opens the same pop-up (it returns true when it did).
 */
export function ListingGate({ feature, checkPackage, children }: { feature: FeatureType; checkPackage: boolean; children: (refused: (error: unknown) => boolean) => ReactNode }) {
  const t = useT();
  const session = useSession();
  const [gate, setGate] = useState<Gate>({ kind: 'checking' });
  const account = useRef<HTMLDialogElement>(null);
  const pkg = useFeatureGate();
  const { check, open: openFeature } = pkg;

  // `shown` counts the refusals, so the same pop-up opens again for a second one.
  const [popup, setPopup] = useState<{ reason: Exclude<GateReason, 'feature_unavailable'>; shown: number } | null>(null);
  // The dialog mounts with the state: it is opened once it is in the page (a frame may come before React's commit).
  useEffect(() => {
    if (popup && !account.current?.open) account.current?.showModal();
  }, [popup]);
  /** Opens the refusal's pop-up (the package's is features/packages' own). */
  const explain = (refusal: GateRefusal) => {
    if (refusal.reason === 'feature_unavailable') return openFeature(refusal.feature ?? feature);
    setPopup((prev) => ({ reason: refusal.reason as Exclude<GateReason, 'feature_unavailable'>, shown: (prev?.shown ?? 0) + 1 }));
  };
  const refuse = (refusal: GateRefusal) => {
    setGate({ kind: 'refused', refusal });
    explain(refusal);
  };

  const userId = session?.data.id;
  useEffect(() => {
    let live = true;
    (async () => {
      const { settingsAnswer, userAnswer } = await import('./answers.ts');
      const [me, settings] = await Promise.all([call('get-user-data', userAnswer), call('web-settings', settingsAnswer)]);
      const reason = accountGate(me.data, settings.data);
      if (!live) return;
      if (reason && reason !== 'feature_unavailable') return refuse({ reason });
      // The package pop-up is opened by the check itself.
      if (checkPackage && !passesEveryGate(me.data) && !(await check(feature))) return live ? setGate({ kind: 'refused', refusal: { reason: 'feature_unavailable', feature } }) : undefined;
      if (live) setGate({ kind: 'open' });
    })().catch((error: unknown) => live && setGate({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }));
    return () => {
      live = false;
    };
    // Checked once per user and feature: the answers do not change while the form is open.
  }, [userId, feature, checkPackage]);

  // On submit the form stays as it is (nothing typed is lost); only the pop-up says why.
  const refused = (error: unknown) => {
    const refusal = gateRefusalOf(error);
    if (refusal) explain(refusal);
    return !!refusal;
  };

  return (
    <>
      {gate.kind === 'checking' ? (
        <p role="status" className="py-16 text-center text-slate-600">
          {t('gateChecking', 'Checking that you can add listings…')}
        </p>
      ) : gate.kind === 'failed' ? (
        <FormAlert message={gate.message} />
      ) : gate.kind === 'refused' ? (
        <Refused refusal={gate.refusal} />
      ) : (
        children(refused)
      )}
      {popup ? <AccountGateDialog reason={popup.reason} ref={account} /> : null}
      {pkg.dialog}
    </>
  );
}
