import type { ReactNode, RefObject } from 'react';

/**
 * A modal question with Cancel (focused first) and one action: open it with
 * `ref.current.showModal()`. The browser's <dialog> keeps focus inside and closes on Escape.
 */
export function ConfirmDialog(props: {
  ref: RefObject<HTMLDialogElement | null>;
  id: string;
  title: string;
  children?: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  onConfirm: () => void;
  busy?: boolean;
  tone?: 'brand' | 'danger';
}) {
  const action = props.tone === 'danger' ? 'bg-red-700 hover:bg-red-800' : 'bg-brand hover:bg-brand-dark';
  return (
    <dialog ref={props.ref} aria-labelledby={props.id} className="m-auto max-w-sm rounded-2xl p-6 backdrop:bg-slate-900/50">
      <h3 id={props.id} className="text-lg font-semibold">
        {props.title}
      </h3>
      {props.children}
      <div className="mt-6 flex justify-end gap-2">
        <button type="button" autoFocus onClick={() => props.ref.current?.close()} className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium">
          {props.cancelLabel}
        </button>
        <button type="button" disabled={props.busy} onClick={props.onConfirm} className={`rounded-lg px-4 py-2 text-sm font-semibold text-white ${action}`}>
          {props.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
