import { localizeMessage, useSite, useT } from '../../lib/i18n.ts';
import { TextField } from './fields.tsx';
import type { FormApi } from './form-api.ts';

export function FacilitiesStep({ f }: { f: FormApi }) {
  const t = useT();
  const site = useSite();
  const unit = site?.distanceUnit === 'mi' ? t('mi', 'mi') : t('km', 'km');
  const general = f.error('facilities');
  if (!f.facilities.length) return <p className="text-slate-700">{t('noFacilities', 'There are no nearby places to choose from yet.')}</p>;
  return (
    <div>
      <p className="text-sm text-slate-700">
        {site?.distanceUnit === 'mi'
          ? t('facilitiesHintMi', 'How far is each place from the property, in miles? Leave a place empty if it is not nearby.')
          : t('facilitiesHintKm', 'How far is each place from the property, in kilometres? Leave a place empty if it is not nearby.')}
      </p>
      {general ? (
        <p role="alert" className="mt-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {localizeMessage(general, t)}
        </p>
      ) : null}
      <ul className="mt-4 grid gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
        {f.facilities.map((facility) => {
          const key = `facilities.${facility.id}`;
          return (
            <li key={facility.id} className="flex min-w-0 items-start gap-3">
              {facility.image ? <img src={facility.image} alt="" width={32} height={32} className="mt-7 size-8 shrink-0 object-contain" /> : <span className="mt-7 size-8 shrink-0" aria-hidden="true" />}
              <TextField
                className="min-w-0 flex-1"
                label={facility.name}
                name={key}
                type="number"
                inputMode="decimal"
                min={0}
                step="any"
                dir="ltr"
                suffix={unit}
                value={f.values.facilities[facility.id] ?? ''}
                onChange={(v) => f.setFacility(facility.id, v)}
                onBlur={() => f.touch(key)}
                error={f.error(key)}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
