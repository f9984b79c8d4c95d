import type { Parameter } from '@estate/core';
import { useId } from 'react';
import { localizeMessage, useT } from '../../lib/i18n.ts';
import { ChoiceGroup, SelectField, TextArea, TextField } from './fields.tsx';
import type { FormApi } from './form-api.ts';
import { DOCUMENT_ACCEPT, fileProblem, fileSize } from './media-files.ts';
import { problemText } from './MediaStep.tsx';

/** A parameter whose value is a file (a floor plan, a certificate…). */
function FileParameter({ f, parameter }: { f: FormApi; parameter: Parameter }) {
  const t = useT();
  const id = useId();
  const key = `parameters.${parameter.id}`;
  const file = f.media.parameterFiles[parameter.id];
  const stored = f.media.storedParameterFiles[parameter.id];
  const error = f.error(key);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {parameter.name}
        {parameter.is_required ? <span className="text-red-700"> *</span> : null}
      </label>
      {file || stored ? (
        <p className="mb-1 text-sm text-slate-700">
          {file ? (
            `${file.name} · ${fileSize(file.size, t.lang)}`
          ) : (
            <a href={stored} target="_blank" rel="noreferrer" className="font-medium text-brand-dark underline">
              {t('currentFile', 'Current file')}
            </a>
          )}
        </p>
      ) : null}
      <input
        id={id}
        name={key}
        type="file"
        accept={DOCUMENT_ACCEPT}
        aria-required={parameter.is_required ? true : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (!chosen) return;
          const problem = fileProblem(chosen, 'document');
          if (problem) {
            event.target.value = '';
            return f.setLocalError(key, problemText(problem, 'document', chosen, t));
          }
          f.setLocalError(key, undefined);
          f.updateMedia((m) => ({ ...m, parameterFiles: { ...m.parameterFiles, [parameter.id]: chosen } }), [key]);
        }}
        className="block w-full min-w-0 text-sm text-slate-700 file:me-3 file:min-h-11 file:rounded-md file:border-0 file:bg-brand-light file:px-3 file:py-2 file:font-medium file:text-brand-dark"
      />
      <p id={`${id}-error`} aria-live="polite" className="mt-1 min-h-5 text-sm text-red-700">
        {error ? localizeMessage(error, t) : null}
      </p>
    </div>
  );
}

function ParameterField({ f, parameter }: { f: FormApi; parameter: Parameter }) {
  const t = useT();
  const key = `parameters.${parameter.id}`;
  const raw = f.values.parameters[parameter.id];
  const text = Array.isArray(raw) ? raw.join(', ') : (raw ?? '');
  const common = { label: parameter.name, name: key, required: !!parameter.is_required, error: f.error(key) };
  const options = (parameter.type_values ?? []).map((v) => ({ value: v, label: v }));
  const onText = (v: string) => f.setParameter(parameter.id, v);
  switch (parameter.type_of_parameter) {
    case 'number':
      return <TextField {...common} type="number" inputMode="decimal" min={0} step="any" dir="ltr" value={text} onChange={onText} onBlur={() => f.touch(key)} />;
    case 'textarea':
      return <TextArea {...common} className="sm:col-span-2" value={text} onChange={onText} onBlur={() => f.touch(key)} maxLength={5000} />;
    case 'dropdown':
      return <SelectField {...common} value={text} onChange={(v) => { onText(v); f.touch(key); }} options={options} placeholder={t('choose', 'Choose…')} />;
    case 'radiobutton':
      return <ChoiceGroup {...common} className="sm:col-span-2" value={text} onChange={(v) => f.setParameter(parameter.id, v)} options={options} />;
    case 'checkbox':
      return <ChoiceGroup {...common} className="sm:col-span-2" multiple value={Array.isArray(raw) ? raw : raw ? [raw] : []} onChange={(v) => f.setParameter(parameter.id, v)} options={options} />;
    case 'file':
      return <FileParameter f={f} parameter={parameter} />;
    default:
      return <TextField {...common} value={text} onChange={onText} onBlur={() => f.touch(key)} maxLength={300} />;
  }
}

export function DetailsStep({ f }: { f: FormApi }) {
  const t = useT();
  if (!f.category) {
    return (
      <p className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-slate-700">
        {t('detailsNeedCategory', 'Choose a category in the first step: its details are asked here.')}{' '}
        <button type="button" className="font-semibold text-brand-dark underline" onClick={() => f.goTo('basics')}>
          {t('goToBasics', 'Go to the basics')}
        </button>
      </p>
    );
  }
  if (!f.category.parameter_types.length) {
    return <p className="text-slate-700">{t('detailsNone', 'This category asks for no further details.')}</p>;
  }
  return (
    <div className="grid gap-x-4 sm:grid-cols-2">
      {f.category.parameter_types.map((p) => (
        <ParameterField key={p.id} f={f} parameter={p} />
      ))}
    </div>
  );
}
