import { ADMIN_REASON_MAX } from '@estate/core';
import { type ReactNode, type RefObject, useId, useState } from 'react';
import { inputClass } from '../../components/Form.tsx';
import { RequestError } from '../../lib/client.ts';
import { localizeMessage, useT } from '../../lib/i18n.ts';

/**
 * A confirmation that may carry a reason the person concerned reads (required for some actions):
 * Cancel is focused first; the server's message for the reason shows under the field.
 */
export function ReasonDialog(props: {
  dialog: RefObject<HTMLDialogElement | null>;
  title: string;
  children?: ReactNode;
  reasonLabel: string;
  reasonRequired: boolean;
  confirmLabel: string;
  tone?: 'brand' | 'danger';
  busy: boolean;
  error: Error | null;
  onConfirm: (reason: string | undefined) => void;
}) {
  const t = useT();
  const id = useId();
  const [reason, setReason] = useState('');
  const fieldError = props.error instanceof RequestError ? props.error.fieldErrors.reason : undefined;
  const action = props.tone === 'danger' ? 'bg-red-700 hover:bg-red-800' : 'bg-brand hover:bg-brand-dark';
  return (
    <dialog ref={props.dialog} aria-labelledby={`${id}-title`} className="m-auto w-[min(32rem,calc(100%-2rem))] rounded-2xl p-6 backdrop:bg-slate-900/50" onClose={() => setReason('')}>
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          props.onConfirm(reason.trim() || undefined);
        }}
      >
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {props.title}
        </h2>
        {props.children}
        <label htmlFor={`${id}-reason`} className="mt-4 block text-sm font-medium">
          {props.reasonLabel}
          {!props.reasonRequired && <span className="font-normal text-slate-600"> ({t('optional', 'optional')})</span>}
        </label>
        <textarea
          id={`${id}-reason`}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required={props.reasonRequired}
          minLength={3}
          maxLength={ADMIN_REASON_MAX}
          rows={3}
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
          <button type="button" autoFocus onClick={() => props.dialog.current?.close()} className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium">
            {t('cancel', 'Cancel')}
          </button>
          <button type="submit" disabled={props.busy} className={`rounded-lg px-4 py-2 text-sm font-semibold text-white disabled:opacity-60 ${action}`}>
            {props.confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
