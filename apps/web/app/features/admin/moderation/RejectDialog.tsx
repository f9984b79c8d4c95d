import { ADMIN_REASON_MAX } from '@estate/core';
import { type RefObject, useId, useState } from 'react';
import { inputClass } from '../../../components/Form.tsx';
import { RequestError } from '../../../lib/client.ts';
import { localizeMessage, useT } from '../../../lib/i18n.ts';

/**
 * Asks for the reason an owner will read before listings are rejected. The reason is required;
 * the server's message for it shows under the field.
 */
export function RejectDialog({ dialog, count, busy, error, onReject }: { dialog: RefObject<HTMLDialogElement | null>; count: number; busy: boolean; error: Error | null; onReject: (reason: string) => void }) {
  const t = useT();
  const id = useId();
  const [reason, setReason] = useState('');
  const fieldError = error instanceof RequestError ? error.fieldErrors.reason : undefined;
  return (
    <dialog ref={dialog} aria-labelledby={`${id}-title`} className="m-auto w-[min(32rem,calc(100%-2rem))] rounded-2xl p-6 backdrop:bg-slate-900/50">
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          onReject(reason.trim());
        }}
      >
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t.count(count, 'adminRejectTitle', 'Reject {count} listing', 'Reject {count} listings')}
        </h2>
        <label htmlFor={`${id}-reason`} className="mt-4 block text-sm font-medium">
          {t('adminRejectReason', 'Why? The owner will read this.')}
        </label>
        <textarea
          id={`${id}-reason`}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
          minLength={3}
          maxLength={ADMIN_REASON_MAX}
          rows={4}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${id}-error` : undefined}
          className={`${inputClass} mt-1`}
        />
        {fieldError && (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
            {localizeMessage(fieldError, t)}
          </p>
        )}
        <div className="mt-6 flex justify-end gap-2">
          <button type="button" autoFocus onClick={() => dialog.current?.close()} className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium">
            {t('cancel', 'Cancel')}
          </button>
          <button type="submit" disabled={busy} className="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60">
            {t('adminReject', 'Reject')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
