import { FORM_FIELD_NAME_MAX, OPTION_FIELD_TYPES, VERIFICATION_FIELD_TYPES, type AdminFormField, type FormFieldBody, type VerificationFieldType } from '@estate/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { inputClass } from '../../components/Form.tsx';
import { AdminPage } from '../../features/admin/AdminPage.tsx';
import { useDeleteFormField, useFormFields, useOrderFormFields, useSaveFormField } from '../../features/admin/people/api.ts';
import { RequestError } from '../../lib/client.ts';
import { localizeMessage, useT, type Translate } from '../../lib/i18n.ts';

const typeLabel = (t: Translate, type: VerificationFieldType) =>
  ({
    text: t('adminFieldText', 'Short text'),
    number: t('adminFieldNumber', 'Number'),
    dropdown: t('adminFieldDropdown', 'Drop-down list'),
    radio: t('adminFieldRadio', 'One choice (radio)'),
    checkbox: t('adminFieldCheckbox', 'Several choices (checkboxes)'),
    textarea: t('adminFieldTextarea', 'Long text'),
    file: t('adminFieldFile', 'File (PDF or picture)'),
  })[type];

const takesOptions = (type: VerificationFieldType) => (OPTION_FIELD_TYPES as readonly string[]).includes(type);

/** Adds or edits one field; options one per line. */
function FieldEditor({ field, onDone }: { field: AdminFormField | null; onDone: () => void }) {
  const t = useT();
  const id = useId();
  const save = useSaveFormField(t);
  const [name, setName] = useState(field?.name ?? '');
  const [type, setType] = useState<VerificationFieldType>(field?.field_type ?? 'text');
  const [required, setRequired] = useState(field?.is_required ?? false);
  const [active, setActive] = useState(field?.is_active ?? true);
  const [options, setOptions] = useState((field?.options ?? []).map((o) => o.value).join('\n'));
  const errors = save.error instanceof RequestError ? save.error.fieldErrors : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { name: name.trim(), field_type: type, is_required: required, is_active: active, options: takesOptions(type) ? options.split('\n').map((o) => o.trim()).filter(Boolean) : [] } as FormFieldBody;
    save.mutate({ id: field?.id, body }, { onSuccess: onDone });
  };
  const error = (key: string) =>
    errors[key] ? (
      <p id={`${id}-${key}-error`} className="mt-1 text-sm text-red-700">
        {localizeMessage(errors[key], t)}
      </p>
    ) : null;
  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {field ? t('adminEditField', 'Edit field') : t('adminAddField', 'Add a field')}
      </h2>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-name`} className="block text-sm font-medium">
            {t('adminFieldName', 'Question')}
          </label>
          <input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} required maxLength={FORM_FIELD_NAME_MAX} aria-invalid={errors.name ? true : undefined} aria-describedby={errors.name ? `${id}-name-error` : undefined} className={`${inputClass} mt-1`} />
          {error('name')}
        </div>
        <div>
          <label htmlFor={`${id}-type`} className="block text-sm font-medium">
            {t('adminFieldType', 'Kind of answer')}
          </label>
          <select id={`${id}-type`} value={type} onChange={(e) => setType(e.target.value as VerificationFieldType)} disabled={!!field && field.answers > 0} className={`${inputClass} mt-1`}>
            {VERIFICATION_FIELD_TYPES.map((v) => (
              <option key={v} value={v}>
                {typeLabel(t, v)}
              </option>
            ))}
          </select>
          {field && field.answers > 0 && <p className="mt-1 text-xs text-slate-600">{t('adminFieldTypeLocked', 'It has answers, so its kind stays.')}</p>}
          {error('field_type')}
        </div>
      </div>
      {takesOptions(type) && (
        <div className="mt-3">
          <label htmlFor={`${id}-options`} className="block text-sm font-medium">
            {t('adminFieldOptions', 'Options, one per line')}
          </label>
          <textarea id={`${id}-options`} value={options} onChange={(e) => setOptions(e.target.value)} rows={4} aria-invalid={errors.options ? true : undefined} aria-describedby={errors.options ? `${id}-options-error` : undefined} className={`${inputClass} mt-1`} />
          {error('options')}
        </div>
      )}
      <div className="mt-3 flex flex-wrap gap-6">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={required} onChange={(e) => setRequired(e.target.checked)} className="size-4" />
          {t('adminFieldRequired', 'Required')}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} className="size-4" />
          {t('adminFieldActive', 'Shown on the form')}
        </label>
      </div>
      <div className="mt-4 flex justify-end gap-2">
        <button type="button" onClick={onDone} className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium">
          {t('cancel', 'Cancel')}
        </button>
        <button type="submit" disabled={save.isPending} className="rounded-lg bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark disabled:opacity-60">
          {t('adminSave', 'Save')}
        </button>
      </div>
    </form>
  );
}

/** `/admin/verification-form`: the fields agents answer to be verified — add, edit, order, remove. */
export default function AdminVerificationForm() {
  const t = useT();
  const fields = useFormFields();
  const order = useOrderFormFields(t);
  const remove = useDeleteFormField(t);
  const [editing, setEditing] = useState<AdminFormField | 'new' | null>(null);
  const [target, setTarget] = useState<AdminFormField | null>(null);
  const removeDialog = useRef<HTMLDialogElement>(null);
  const list = fields.data?.data ?? [];
  const move = (index: number, by: -1 | 1) => {
    const ids = list.map((f) => f.id);
    [ids[index], ids[index + by]] = [ids[index + by], ids[index]];
    order.mutate(ids);
  };

  return (
    <AdminPage
      title={t('adminVerificationForm', 'Verification form')}
      lead={t('adminVerificationFormLead', 'The questions an agent answers to be verified, in the order they see them.')}
      actions={
        editing === null && (
          <button type="button" onClick={() => setEditing('new')} className="rounded-lg bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark">
            {t('adminAddField', 'Add a field')}
          </button>
        )
      }
    >
      {editing !== null && (
        <div className="mb-6">
          <FieldEditor key={editing === 'new' ? 'new' : editing.id} field={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        </div>
      )}
      {fields.error && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {localizeMessage(fields.error.message, t)}
        </p>
      )}
      <ol className="space-y-3" aria-busy={fields.isFetching || order.isPending}>
        {list.map((field, i) => (
          <li key={field.id} className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4">
            <div className="min-w-0">
              <p className="font-semibold wrap-anywhere">
                {i + 1}. {field.name}
              </p>
              <p className="text-sm text-slate-700">
                {typeLabel(t, field.field_type)}
                {field.is_required && ` · ${t('adminFieldRequired', 'Required')}`}
                {!field.is_active && ` · ${t('adminFieldOff', 'Not shown')}`}
              </p>
              {field.options.length > 0 && <p className="text-sm text-slate-600 wrap-anywhere">{field.options.map((o) => o.value).join(', ')}</p>}
            </div>
            <div className="flex flex-wrap gap-2">
              <button type="button" disabled={i === 0 || order.isPending} onClick={() => move(i, -1)} className="rounded-lg border border-slate-300 px-3 py-1 text-sm disabled:opacity-50">
                <span aria-hidden="true">↑</span>
                <span className="sr-only">
                  {t('adminMoveUp', 'Move up')} {field.name}
                </span>
              </button>
              <button type="button" disabled={i === list.length - 1 || order.isPending} onClick={() => move(i, 1)} className="rounded-lg border border-slate-300 px-3 py-1 text-sm disabled:opacity-50">
                <span aria-hidden="true">↓</span>
                <span className="sr-only">
                  {t('adminMoveDown', 'Move down')} {field.name}
                </span>
              </button>
              <button type="button" onClick={() => setEditing(field)} className="rounded-lg border border-slate-300 px-3 py-1 text-sm font-semibold">
                {t('edit', 'Edit')}
                <span className="sr-only"> {field.name}</span>
              </button>
              <button
                type="button"
                onClick={() => {
                  setTarget(field);
                  removeDialog.current?.showModal();
                }}
                className="rounded-lg border border-red-700 px-3 py-1 text-sm font-semibold text-red-800 hover:bg-red-50"
              >
                {t('adminRemove', 'Remove')}
                <span className="sr-only"> {field.name}</span>
              </button>
            </div>
          </li>
        ))}
      </ol>
      {!fields.isLoading && list.length === 0 && <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">{t('adminNoFields', 'The form has no fields yet.')}</p>}
      <ConfirmDialog
        ref={removeDialog}
        id="remove-field-dialog"
        title={target ? `${t('adminRemoveField', 'Remove this field?')} ${target.name}` : ''}
        cancelLabel={t('cancel', 'Cancel')}
        confirmLabel={t('adminRemove', 'Remove')}
        tone="danger"
        busy={remove.isPending}
        onConfirm={() => target && remove.mutate(target.id, { onSuccess: () => removeDialog.current?.close() })}
      >
        <p className="mt-2 text-sm text-slate-700">{t('adminRemoveFieldLead', 'A field that already holds answers is switched off instead, so past applications stay readable.')}</p>
      </ConfirmDialog>
    </AdminPage>
  );
}
