import type { z } from 'zod';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { FormAlert, inputClass } from '../../../components/Form.tsx';
import { RequestError, type Parser } from '../../../lib/client.ts';
import { localizeMessage, useSite, useT } from '../../../lib/i18n.ts';
import { DataTable, TableSearch, type Column } from '../DataTable.tsx';
import { useAdminMutation } from '../use-admin-mutation.ts';
import { useAdminTable, type TablePage } from '../use-admin-table.ts';

export type Draft = Record<string, string | boolean | string[]>;
export type Translations = Record<string, Record<string, string>>;

export interface FieldSpec {
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'number' | 'checkbox' | 'select' | 'icon' | 'photo' | 'lines' | 'choices';
  options?: readonly (readonly [value: string, label: string])[];
  hint?: string;
  dir?: 'ltr';
  /** Shown only when this says so (a slide's link only for link slides). */
  when?: (draft: Draft) => boolean;
}

export interface SectionSpec<Row extends { id: number }> {
  path: string;
  answer: z.ZodType<TablePage<Row>>;
  title: string;
  lead: string;
  addLabel: string;
  searchLabel: string;
  empty: string;
  defaultSort: string;
  /** Tables in the visitors' order (sequence) or by name read upwards. */
  defaultOrder?: 'asc' | 'desc';
  columns: Column<Row>[];
  fields: FieldSpec[];
  /** Fields visitors read in their language: one input per other language. */
  translatable?: readonly (readonly [field: string, label: string])[];
  draftOf: (row: Row | null) => Draft;
  nameOf: (row: Row) => string;
  imageOf?: (row: Row) => string | null;
  translationsOf?: (row: Row) => Translations;
}

/**
 * A console table with its form: add, change (the whole row is sent, multipart so a picture or an
 * icon can go with it) and delete after confirmation — the server's refusal of a row still in use
 * is said as it says it.
 */
export function CrudSection<Row extends { id: number }>({ spec, header }: { spec: SectionSpec<Row>; header?: ReactNode }) {
  const t = useT();
  const site = useSite();
  const ids = useId();
  const table = useAdminTable(spec.path, spec.path, spec.answer as Parser<TablePage<Row>>, { defaultSort: spec.defaultSort, defaultOrder: spec.defaultOrder });
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [draft, setDraft] = useState<Draft>({});
  const [translations, setTranslations] = useState<Translations>({});
  const [file, setFile] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [target, setTarget] = useState<Row | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const others = (site?.languages ?? []).filter((l) => l.code !== 'en');

  const save = useAdminMutation((input: { row: Row | null; body: FormData }) => ({ path: input.row ? `${spec.path}/${input.row.id}` : spec.path, method: input.row ? 'PUT' : 'POST', body: input.body }), () => t('adminSaved', 'Saved'));
  const remove = useAdminMutation((row: Row) => ({ path: `${spec.path}/${row.id}`, method: 'DELETE' }), () => t('adminRemoved', 'Removed'));
  const fieldErrors = save.error instanceof RequestError ? save.error.fieldErrors : {};

  const open = (row: Row | null) => {
    save.reset();
    setEditing(row ?? 'new');
    setDraft(spec.draftOf(row));
    setTranslations(row && spec.translationsOf ? spec.translationsOf(row) : {});
    setFile(null);
    setRemoveImage(false);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('input, textarea, select')?.focus());
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = new FormData();
    for (const field of spec.fields) {
      if (field.when && !field.when(draft)) continue;
      const value = draft[field.name];
      if (field.kind === 'icon' || field.kind === 'photo') continue;
      if (field.kind === 'checkbox') body.set(field.name, value ? '1' : '0');
      else if (field.kind === 'lines') body.set(field.name, JSON.stringify(String(value ?? '').split('\n').map((s) => s.trim()).filter(Boolean)));
      else if (field.kind === 'choices') body.set(field.name, JSON.stringify((value as string[] | undefined) ?? []));
      else if (typeof value === 'string' && value.trim() !== '') body.set(field.name, value.trim());
    }
    if (spec.translatable) body.set('translations', JSON.stringify(translations));
    if (file) body.set('image', file);
    else if (removeImage) body.set('remove_image', '1');
    save.mutate({ row: editing === 'new' ? null : editing, body }, { onSuccess: () => setEditing(null) });
  };

  const err = (name: string) =>
    fieldErrors[name] ? (
      <p id={`${ids}-${name}-error`} className="mt-1 text-sm text-red-700">
        {localizeMessage(fieldErrors[name], t)}
      </p>
    ) : null;
  const described = (name: string) => (fieldErrors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${ids}-${name}-error` } : {});
  const label = 'block text-sm font-medium text-slate-800';

  const renderField = (field: FieldSpec) => {
    if (field.when && !field.when(draft)) return null;
    const id = `${ids}-${field.name}`;
    const value = draft[field.name];
    const set = (v: string | boolean | string[]) => setDraft((d) => ({ ...d, [field.name]: v }));
    if (field.kind === 'checkbox')
      return (
        <label key={field.name} className="flex items-center gap-2 text-sm font-medium sm:col-span-2">
          <input type="checkbox" checked={!!value} onChange={(e) => set(e.target.checked)} className="size-4" />
          {field.label}
        </label>
      );
    if (field.kind === 'icon' || field.kind === 'photo') {
      const current = editing && editing !== 'new' ? spec.imageOf?.(editing) : null;
      return (
        <div key={field.name} className="sm:col-span-2">
          {current && !removeImage && !file ? <img src={current} alt="" className="mb-2 h-16 w-auto rounded border border-slate-200 bg-white object-contain p-1" /> : null}
          <label htmlFor={id} className={label}>
            {field.label}
          </label>
          <input id={id} type="file" accept={field.kind === 'icon' ? 'image/svg+xml,image/png,image/webp,image/jpeg' : 'image/*'} onChange={(e) => setFile(e.target.files?.[0] ?? null)} className="mt-1 block w-full text-sm" {...described('image')} />
          {field.hint && <p className="mt-1 text-sm text-slate-600">{field.hint}</p>}
          {err('image')}
          {current && (
            <label className="mt-2 flex items-center gap-2 text-sm font-medium">
              <input type="checkbox" checked={removeImage} onChange={(e) => setRemoveImage(e.target.checked)} className="size-4" />
              {t('adminRemovePicture', 'Remove the picture')}
            </label>
          )}
        </div>
      );
    }
    if (field.kind === 'choices') {
      const chosen = (value as string[] | undefined) ?? [];
      return (
        <fieldset key={field.name} className="sm:col-span-2" {...described(field.name)}>
          <legend className={label}>{field.label}</legend>
          {field.hint && <p className="text-sm text-slate-600">{field.hint}</p>}
          <div className="mt-2 grid max-h-56 gap-1 overflow-y-auto rounded-lg border border-slate-200 p-2 sm:grid-cols-2">
            {(field.options ?? []).map(([v, text]) => (
              <label key={v} className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={chosen.includes(v)} onChange={(e) => set(e.target.checked ? [...chosen, v] : chosen.filter((c) => c !== v))} className="size-4" />
                {text}
                {chosen.includes(v) && <span className="text-xs text-slate-600">#{chosen.indexOf(v) + 1}</span>}
              </label>
            ))}
          </div>
          {err(field.name)}
        </fieldset>
      );
    }
    const common = { id, value: String(value ?? ''), className: `${inputClass} border-slate-300`, dir: field.dir, ...described(field.name), ...(field.hint && !fieldErrors[field.name] ? { 'aria-describedby': `${id}-hint` } : {}) };
    return (
      <div key={field.name} className={field.kind === 'textarea' || field.kind === 'lines' ? 'sm:col-span-2' : undefined}>
        <label htmlFor={id} className={label}>
          {field.label}
        </label>
        {field.kind === 'select' ? (
          <select {...common} onChange={(e) => set(e.target.value)}>
            {(field.options ?? []).map(([v, text]) => (
              <option key={v} value={v}>
                {text}
              </option>
            ))}
          </select>
        ) : field.kind === 'textarea' || field.kind === 'lines' ? (
          <textarea {...common} rows={field.kind === 'lines' ? 4 : 3} onChange={(e) => set(e.target.value)} />
        ) : (
          <input {...common} inputMode={field.kind === 'number' ? 'decimal' : undefined} onChange={(e) => set(e.target.value)} />
        )}
        {field.hint && (
          <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
            {field.hint}
          </p>
        )}
        {err(field.name)}
      </div>
    );
  };

  const columns: Column<Row>[] = [
    ...spec.columns,
    {
      key: 'actions',
      header: t('adminColActions', 'Actions'),
      cell: (row) => (
        <span className="flex flex-wrap gap-2">
          <button type="button" onClick={() => open(row)} className="rounded-lg border border-slate-400 px-3 py-1 text-sm font-semibold text-slate-800 hover:bg-slate-50">
            {t('adminEdit', 'Edit')}
            <span className="sr-only"> {spec.nameOf(row)}</span>
          </button>
          <button
            type="button"
            onClick={() => {
              remove.reset();
              setTarget(row);
              dialog.current?.showModal();
            }}
            className="rounded-lg border border-red-700 px-3 py-1 text-sm font-semibold text-red-800 hover:bg-red-50"
          >
            {t('adminDelete', 'Delete')}
            <span className="sr-only"> {spec.nameOf(row)}</span>
          </button>
        </span>
      ),
    },
  ];

  return (
    <div>
      {header}
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <TableSearch value={table.state.q} onSearch={table.setSearch} label={spec.searchLabel} />
        <button type="button" onClick={() => open(null)} className="rounded-lg bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark">
          {spec.addLabel}
        </button>
      </div>
      {editing && (
        <form ref={formRef} onSubmit={submit} noValidate aria-labelledby={`${ids}-form-title`} className="mb-6 grid gap-4 rounded-xl border border-brand/40 bg-white p-4 sm:grid-cols-2">
          <h2 id={`${ids}-form-title`} className="text-lg font-semibold sm:col-span-2">
            {editing === 'new' ? spec.addLabel : `${t('adminEdit', 'Edit')}: ${spec.nameOf(editing)}`}
          </h2>
          {save.error && !Object.keys(fieldErrors).length ? (
            <div className="sm:col-span-2">
              <FormAlert message={localizeMessage(save.error.message, t)} />
            </div>
          ) : null}
          {spec.fields.map(renderField)}
          {spec.translatable && others.length > 0 && (
            <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:col-span-2 sm:grid-cols-2">
              <legend className="px-1 text-sm font-semibold">{t('adminTranslations', 'In other languages (empty shows the text above)')}</legend>
              {others.flatMap((l) =>
                spec.translatable!.map(([field, fieldLabel]) => (
                  <div key={`${l.code}-${field}`}>
                    <label htmlFor={`${ids}-tr-${l.code}-${field}`} className={label}>
                      {fieldLabel} · {l.name}
                    </label>
                    <input
                      id={`${ids}-tr-${l.code}-${field}`}
                      lang={l.code}
                      dir={l.rtl ? 'rtl' : 'ltr'}
                      value={translations[l.code]?.[field] ?? ''}
                      onChange={(e) => setTranslations((tr) => ({ ...tr, [l.code]: { ...tr[l.code], [field]: e.target.value } }))}
                      className={`${inputClass} border-slate-300`}
                    />
                  </div>
                )),
              )}
            </fieldset>
          )}
          <div className="flex flex-wrap gap-3 sm:col-span-2">
            <button type="submit" disabled={save.isPending} className="rounded-lg bg-brand px-5 py-2.5 font-semibold text-white hover:bg-brand-dark disabled:opacity-60">
              {save.isPending ? t('saving', 'Saving…') : t('adminSave', 'Save')}
            </button>
            <button type="button" onClick={() => setEditing(null)} className="rounded-lg border border-slate-300 px-5 py-2.5 font-medium">
              {t('cancel', 'Cancel')}
            </button>
          </div>
        </form>
      )}
      <DataTable
        caption={spec.title}
        columns={columns}
        table={table}
        rowKey={(r) => r.id}
        empty={spec.empty}
      />
      <ConfirmDialog
        ref={dialog}
        id={`${ids}-delete-dialog`}
        tone="danger"
        title={t('adminDeleteRowTitle', 'Delete this?')}
        cancelLabel={t('cancel', 'Cancel')}
        confirmLabel={t('adminDelete', 'Delete')}
        busy={remove.isPending}
        onConfirm={() => target && remove.mutate(target, { onSettled: () => dialog.current?.close() })}
      >
        <p className="mt-2 text-sm text-slate-700">{target ? spec.nameOf(target) : ''}</p>
      </ConfirmDialog>
    </div>
  );
}
