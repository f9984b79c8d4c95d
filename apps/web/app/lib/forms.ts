/**
 * Forms that validate as the user types, with the contract's own schemas (so the browser says
 * what the server would), and show the server's message on the field it names.
 */
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import type { z } from 'zod';
import { RequestError } from './client.ts';

export type Errors = Record<string, string>;

/** The first message of each field a schema refuses. */
export function schemaErrors(schema: z.ZodType, values: unknown): Errors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

export interface LiveForm<T extends Record<string, string>> {
  values: T;
  set: (name: keyof T & string, value: string) => void;
  /** Props for an input: value, change and blur handlers, and its message (if it should show). */
  field: (name: keyof T & string) => {
    name: string;
    value: string;
    error: string | undefined;
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
    onBlur: () => void;
  };
  /** A message for the whole form (the server's, when it named no field). */
  formError: string | undefined;
  busy: boolean;
  /** Checks every field; when all pass runs `action`, showing the server's refusal where it belongs. */
  onSubmit: (action: (values: T) => Promise<void>) => (event: FormEvent<HTMLFormElement>) => void;
}

export function useLiveForm<T extends Record<string, string>>(initial: T, validate: (values: T) => Errors): LiveForm<T> {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement | null>(null);
  const errors = validate(values);

  const touch = (name: string) => setTouched((prev) => (prev.has(name) ? prev : new Set(prev).add(name)));
  const set = (name: keyof T & string, value: string) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    setServerErrors((prev) => {
      if (!(name in prev)) return prev;
      const next = { ...prev };
      delete next[name];
      return next;
    });
  };

  return {
    values,
    set,
    formError,
    busy,
    field: (name) => ({
      name,
      value: values[name],
      error: serverErrors[name] ?? (touched.has(name) ? errors[name] : undefined),
      onChange: (event) => {
        set(name, event.target.value);
        // Once a field has been left (or has a message), it is checked on every keystroke.
        if (errors[name] || serverErrors[name]) touch(name);
      },
      onBlur: () => {
        if (values[name] !== initial[name]) touch(name);
      },
    }),
    onSubmit: (action) => (event) => {
      event.preventDefault();
      formRef.current = event.currentTarget;
      setTouched(new Set(Object.keys(values)));
      setFormError(undefined);
      const invalid = Object.keys(values).find((name) => errors[name]);
      if (invalid) {
        event.currentTarget.querySelector<HTMLElement>(`[name="${invalid}"]`)?.focus();
        return;
      }
      setBusy(true);
      action(values)
        .catch((error: unknown) => {
          if (error instanceof RequestError) {
            const named = Object.fromEntries(Object.entries(error.fieldErrors).filter(([field]) => field in values));
            setServerErrors(named);
            const first = Object.keys(named)[0];
            if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
            else setFormError(error.message);
          } else setFormError(error instanceof Error ? error.message : String(error));
        })
        .finally(() => setBusy(false));
    },
  };
}
