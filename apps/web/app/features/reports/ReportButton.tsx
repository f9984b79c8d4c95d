import { useRef, useState } from 'react';
import { call, handleUnauthorized, RequestError } from '../../lib/client.ts';
import { localizeMessage, useT } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { OTHER_MAX, reportBody, type ReportChoice } from './report-form.ts';

const FLAG = 'M4 2a1 1 0 0 1 1 1v.4l1.6-.5a6 6 0 0 1 4.3.3 4 4 0 0 0 2.9.2l2-.7A1 1 0 0 1 17 3.7v8a1 1 0 0 1-.7.9l-2.3.8a6 6 0 0 1-4.3-.3 4 4 0 0 0-2.9-.2L5 13.5V18a1 1 0 1 1-2 0V3a1 1 0 0 1 1-1Z';

/**
 * "Report" on a listing (spec §3 Report, `add_reports`): a modal with the stored reasons and
 * "Other" (its text then required), sent once — afterwards, and when the server says it was
 * reported before, the button reads "Reported". Visitors are sent to log in; not on one's own listing.
 */
export function ReportButton({ propertyId, ownerId, isReported }: { propertyId: number; ownerId: number; isReported: boolean }) {
  const t = useT();
  const session = useSession();
  const dialog = useRef<HTMLDialogElement>(null);
  const [reported, setReported] = useState(isReported);
  const [reasons, setReasons] = useState<{ id: number; reason: string }[] | null>(null);
  const [choice, setChoice] = useState<ReportChoice>({ reasonId: null, otherMessage: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (session && session.data.id === ownerId) return null;

  const open = async () => {
    if (!session) {
      handleUnauthorized();
      return;
    }
    dialog.current?.showModal();
    if (!reasons) {
      const { reportReasonsAnswer } = await import('./answers.ts');
      const answer = await call('get_report_reasons', reportReasonsAnswer, { anonymous: true }).catch(() => null);
      setReasons(answer?.data ?? []);
    }
  };

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    const built = reportBody(propertyId, choice);
    if ('missing' in built) {
      setProblem(built.missing === 'reason' ? t('chooseReportReason', 'Choose a reason.') : t('describeReportReason', 'Tell us what is wrong.'));
      return;
    }
    setBusy(true);
    try {
      const { reportStateAnswer } = await import('./answers.ts');
      await call('add_reports', reportStateAnswer, { method: 'POST', body: built.body });
      setReported(true);
      dialog.current?.close();
      toast(t('reportSent', 'Thank you. We will review this listing.'));
    } catch (error) {
      if (error instanceof RequestError && error.status === 409) {
        setReported(true);
        dialog.current?.close();
        toast(t('alreadyReported', 'You have already reported this listing.'));
      } else if (!(error instanceof RequestError && error.status === 401)) {
        setProblem(localizeMessage((error as Error).message, t));
      }
    } finally {
      setBusy(false);
    }
  };

  const pick = (reasonId: ReportChoice['reasonId']) => {
    setChoice((c) => ({ ...c, reasonId }));
    setProblem(null);
  };

  return (
    <>
      <button
        type="button"
        onClick={open}
        disabled={reported}
        data-testid="report-button"
        className="flex h-12 w-full items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-3 font-semibold text-slate-900 hover:bg-slate-50 disabled:cursor-default disabled:text-slate-600 disabled:hover:bg-white"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5 shrink-0">
          <path fillRule="evenodd" clipRule="evenodd" d={FLAG} />
        </svg>
        {reported ? t('reported', 'Reported') : t('reportListing', 'Report')}
      </button>
      <dialog ref={dialog} aria-labelledby={`report-${propertyId}`} className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl p-0 backdrop:bg-slate-900/50">
        <form onSubmit={send} className="p-6" noValidate>
          <h2 id={`report-${propertyId}`} className="text-lg font-semibold">
            {t('reportThisListing', 'Report this listing')}
          </h2>
          <fieldset className="mt-4 space-y-2">
            <legend className="text-sm text-slate-700">{t('whyReport', 'Why are you reporting it?')}</legend>
            {reasons === null ? <p className="text-sm text-slate-600">{t('loading', 'Loading…')}</p> : null}
            {(reasons ?? []).map((r) => (
              <label key={r.id} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 has-checked:border-brand has-checked:bg-brand-light">
                <input type="radio" name="reason" value={r.id} checked={choice.reasonId === r.id} onChange={() => pick(r.id)} className="size-4 accent-brand" />
                <span>{r.reason}</span>
              </label>
            ))}
            {reasons !== null ? (
              <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 has-checked:border-brand has-checked:bg-brand-light">
                <input type="radio" name="reason" value="other" checked={choice.reasonId === 'other'} onChange={() => pick('other')} className="size-4 accent-brand" />
                <span>{t('otherReason', 'Other')}</span>
              </label>
            ) : null}
          </fieldset>
          {choice.reasonId === 'other' ? (
            <label className="mt-3 block text-sm font-medium">
              {t('describeProblem', 'What is wrong?')}
              <textarea
                required
                maxLength={OTHER_MAX}
                rows={3}
                value={choice.otherMessage}
                onChange={(e) => {
                  setChoice((c) => ({ ...c, otherMessage: e.target.value }));
                  setProblem(null);
                }}
                className="mt-1 block w-full rounded-lg border border-slate-300 p-2 font-normal"
              />
            </label>
          ) : null}
          {problem ? (
            <p role="alert" className="mt-3 text-sm text-red-700">
              {problem}
            </p>
          ) : null}
          <div className="mt-6 flex justify-end gap-2">
            <button type="button" onClick={() => dialog.current?.close()} className="min-h-11 rounded-lg border border-slate-300 px-4 text-sm font-medium">
              {t('cancel', 'Cancel')}
            </button>
            <button type="submit" disabled={busy} className="min-h-11 rounded-lg bg-brand px-4 text-sm font-semibold text-white hover:bg-brand-dark disabled:opacity-60">
              {t('sendReport', 'Send report')}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
