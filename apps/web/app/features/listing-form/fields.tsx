/**
 * The listing form's inputs: each labelled, its message tied to it (`aria-describedby`) and
 * announced, named by the field key the messages use (so a message finds its input to focus).
 */
import { type ReactNode, useId } from 'react';
import { inputClass } from '../../components/Form.tsx';
import { localizeMessage, useT } from '../../lib/i18n.ts';

type Common = {
  label: string;
  /** The field key (`price`, `parameters.7`): the input's name, and what messages are keyed by. */
  name: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
};

function Label({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
  const t = useT();
  return (
    <label htmlFor={htmlFor} className="mb-1 block text-sm font-medium text-slate-800">
      {label}
      {required ? (
        <span className="text-red-700">
          {' '}
          <span aria-hidden="true">*</span>
          <span className="sr-only">({t('requiredField', 'required')})</span>
        </span>
      ) : null}
    </label>
  );
}

function Message({ id, error, hint, hintId }: { id: string; error?: string; hint?: ReactNode; hintId?: string }) {
  const t = useT();
  return (
    <>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <p id={id} aria-live="polite" className="mt-1 min-h-5 text-sm text-red-700">
        {error ? localizeMessage(error, t) : null}
      </p>
    </>
  );
}

const describedBy = (hintId: string | undefined, errorId: string, error?: string) => [hintId, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
const border = (error?: string) => (error ? 'border-red-600' : 'border-slate-300');

export function TextField(
  props: Common & {
    value: string;
    onChange: (value: string) => void;
    onBlur?: () => void;
    type?: 'text' | 'number' | 'url';
    inputMode?: 'decimal' | 'numeric' | 'text' | 'url';
    dir?: 'ltr' | 'rtl' | 'auto';
    prefix?: string;
    suffix?: string;
    autoComplete?: string;
    maxLength?: number;
    step?: string;
    min?: number;
  },
) {
  const id = useId();
  const hintId = props.hint ? `${id}-hint` : undefined;
  const input = (
    <input
      id={id}
      name={props.name}
      type={props.type ?? 'text'}
      inputMode={props.inputMode}
      // Text in either direction reads right whatever the page's language (an English title in Arabic).
      dir={props.dir ?? 'auto'}
      step={props.step}
      min={props.min}
      value={props.value}
      maxLength={props.maxLength}
      autoComplete={props.autoComplete ?? 'off'}
      onChange={(e) => props.onChange(e.target.value)}
      onBlur={props.onBlur}
      aria-required={props.required || undefined}
      aria-invalid={props.error ? true : undefined}
      aria-describedby={describedBy(hintId, `${id}-error`, props.error)}
      className={`${inputClass} ${border(props.error)} min-w-0`}
    />
  );
  return (
    <div className={props.className}>
      <Label htmlFor={id} label={props.label} required={props.required} />
      {props.prefix || props.suffix ? (
        <div className="flex items-center gap-2">
          {props.prefix ? <span className="shrink-0 text-slate-700">{props.prefix}</span> : null}
          {input}
          {props.suffix ? <span className="shrink-0 text-slate-700">{props.suffix}</span> : null}
        </div>
      ) : (
        input
      )}
      <Message id={`${id}-error`} error={props.error} hint={props.hint} hintId={hintId} />
    </div>
  );
}

export function TextArea(props: Common & { value: string; onChange: (value: string) => void; onBlur?: () => void; rows?: number; maxLength?: number }) {
  const id = useId();
  const hintId = props.hint ? `${id}-hint` : undefined;
  return (
    <div className={props.className}>
      <Label htmlFor={id} label={props.label} required={props.required} />
      <textarea
        id={id}
        name={props.name}
        rows={props.rows ?? 4}
        dir="auto"
        value={props.value}
        maxLength={props.maxLength}
        onChange={(e) => props.onChange(e.target.value)}
        onBlur={props.onBlur}
        aria-required={props.required || undefined}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(hintId, `${id}-error`, props.error)}
        className={`${inputClass} ${border(props.error)}`}
      />
      <Message id={`${id}-error`} error={props.error} hint={props.hint} hintId={hintId} />
    </div>
  );
}

export function SelectField(
  props: Common & { value: string; onChange: (value: string) => void; options: readonly { value: string; label: string }[]; placeholder?: string },
) {
  const id = useId();
  const hintId = props.hint ? `${id}-hint` : undefined;
  return (
    <div className={props.className}>
      <Label htmlFor={id} label={props.label} required={props.required} />
      <select
        id={id}
        name={props.name}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-required={props.required || undefined}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(hintId, `${id}-error`, props.error)}
        className={`${inputClass} ${border(props.error)}`}
      >
        {props.placeholder !== undefined ? <option value="">{props.placeholder}</option> : null}
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Message id={`${id}-error`} error={props.error} hint={props.hint} hintId={hintId} />
    </div>
  );
}

/** Radio buttons (one choice) or checkboxes (several) in a fieldset whose legend is the label. */
export function ChoiceGroup(
  props: Common & {
    multiple?: boolean;
    value: string | string[];
    onChange: (value: string | string[]) => void;
    options: readonly { value: string; label: string }[];
  },
) {
  const id = useId();
  const t = useT();
  const chosen = Array.isArray(props.value) ? props.value : props.value ? [props.value] : [];
  const pick = (option: string, on: boolean) => {
    if (!props.multiple) return props.onChange(option);
    props.onChange(on ? [...chosen.filter((v) => v !== option), option] : chosen.filter((v) => v !== option));
  };
  return (
    <fieldset className={props.className} aria-describedby={props.error ? `${id}-error` : undefined} aria-invalid={props.error ? true : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-800">
        {props.label}
        {props.required ? (
          <span className="text-red-700">
            {' '}
            <span aria-hidden="true">*</span>
            <span className="sr-only">({t('requiredField', 'required')})</span>
          </span>
        ) : null}
      </legend>
      <div className="flex flex-wrap gap-2">
        {props.options.map((o) => (
          <label
            key={o.value}
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand-light has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand"
          >
            <input
              type={props.multiple ? 'checkbox' : 'radio'}
              name={props.name}
              value={o.value}
              checked={chosen.includes(o.value)}
              onChange={(e) => pick(o.value, e.target.checked)}
              className="size-4 accent-brand"
            />
            {o.label}
          </label>
        ))}
      </div>
      <Message id={`${id}-error`} error={props.error} hint={props.hint} />
    </fieldset>
  );
}

export function CheckboxField({ label, name, checked, onChange, hint }: { label: string; name: string; checked: boolean; onChange: (on: boolean) => void; hint?: ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="inline-flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-slate-800">
        <input id={id} name={name} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-describedby={hint ? `${id}-hint` : undefined} className="size-5 accent-brand" />
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="ms-8 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
