import { useEffect, useState } from 'react';
import { useSite, useT } from '../../lib/i18n.ts';
import { disablePush, enablePush, pushState, type PushState } from './push.ts';

/** Spec §4 "Push": turn notifications on this device on or off, with what the browser allows said plainly. */
export function PushToggle() {
  const t = useT();
  const site = useSite();
  const key = site?.pushKey;
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    void pushState(key).then(setState, () => setState('unsupported'));
  }, [key]);

  if (state === null) return null;
  const toggle = async () => {
    setBusy(true);
    setFailed(false);
    try {
      setState(state === 'on' ? await disablePush() : await enablePush(key!));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const text: Record<PushState, string> = {
    unsupported: t('pushUnsupported', 'This browser cannot show notifications from the site.'),
    'no-key': t('pushNoKey', 'Notifications on this device are not available on this site.'),
    denied: t('pushDenied', 'Notifications are blocked for this site. Allow them in your browser’s site settings to turn them on.'),
    off: t('pushOff', 'Get new messages, price drops and alerts on this device, even when the site is closed.'),
    on: t('pushOn', 'Notifications are on for this device.'),
  };
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4" aria-labelledby="push-heading" data-testid="push-toggle" data-state={state}>
      <h2 id="push-heading" className="font-semibold">
        {t('pushHeading', 'Notifications on this device')}
      </h2>
      <p className="mt-1 text-sm text-slate-700" role="status">
        {text[state]}
      </p>
      {failed ? (
        <p className="mt-1 text-sm text-red-700" role="alert">
          {t('pushFailed', 'Notifications could not be turned on. Please try again.')}
        </p>
      ) : null}
      {state === 'on' || state === 'off' ? (
        <button type="button" onClick={toggle} disabled={busy} className="mt-3 rounded-lg border border-brand px-4 py-2 font-semibold text-brand-dark hover:bg-brand-light disabled:opacity-60">
          {state === 'on' ? t('pushTurnOff', 'Turn off') : t('pushTurnOn', 'Turn on notifications')}
        </button>
      ) : null}
    </section>
  );
}
