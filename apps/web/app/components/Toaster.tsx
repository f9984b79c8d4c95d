import { dismissToast, useToasts } from '../lib/toast.ts';
import { localizeMessage, useT } from '../lib/i18n.ts';

const TONES = {
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  error: 'border-red-200 bg-red-50 text-red-900',
  info: 'border-slate-200 bg-white text-slate-900',
} as const;

/** Where toasts appear: one polite live region, bottom corner, closable. */
export function Toaster() {
  const toasts = useToasts();
  const t = useT();
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4 sm:items-end">
      {toasts.map((item) => (
        <div key={item.id} role={item.tone === 'error' ? 'alert' : 'status'} className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border px-4 py-3 text-sm shadow-lg ${TONES[item.tone]}`}>
          <p className="flex-1">{localizeMessage(item.message, t)}</p>
          <button type="button" onClick={() => dismissToast(item.id)} aria-label={t('close', 'Close')} className="-m-1 rounded p-1 leading-none">
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
