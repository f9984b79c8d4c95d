import { RENT_DURATIONS } from '@estate/core';
import { useSite, useT } from '../../lib/i18n.ts';
import { CheckboxField, ChoiceGroup, SelectField, TextArea, TextField } from './fields.tsx';
import type { FormApi } from './form-api.ts';
import type { RentDuration } from './values.ts';

export function BasicsStep({ f }: { f: FormApi }) {
  const t = useT();
  const site = useSite();
  const { values } = f;
  const durations: Record<RentDuration, string> = {
    Daily: t('rentDaily', 'Daily'),
    Monthly: t('rentMonthly', 'Monthly'),
    Quarterly: t('rentQuarterly', 'Quarterly'),
    Yearly: t('rentYearly', 'Yearly'),
  };
  return (
    <div className="grid gap-x-4 sm:grid-cols-2">
      <TextField
        className="sm:col-span-2"
        label={t('listingTitle', 'Title')}
        name="title"
        required
        maxLength={200}
        value={values.title}
        onChange={(v) => f.set('title', v)}
        onBlur={() => f.touch('title')}
        error={f.error('title')}
        hint={t('listingTitleHint', 'What it is and where, e.g. “3 BHK flat with sea view in Bandra”.')}
      />
      <TextArea
        className="sm:col-span-2"
        label={t('description', 'Description')}
        name="description"
        rows={6}
        maxLength={10_000}
        value={values.description}
        onChange={(v) => f.set('description', v)}
        onBlur={() => f.touch('description')}
        error={f.error('description')}
      />
      <SelectField
        label={t('category', 'Category')}
        name="category_id"
        required
        placeholder={t('chooseCategory', 'Choose a category')}
        value={values.category_id}
        onChange={(v) => {
          f.set('category_id', v);
          f.touch('category_id');
        }}
        options={f.categories.map((c) => ({ value: String(c.id), label: c.category }))}
        error={f.error('category_id')}
        hint={f.category?.parameter_types.length ? t('categoryHint', 'The details step asks what this category needs.') : undefined}
      />
      <ChoiceGroup
        label={t('listedFor', 'For')}
        name="property_type"
        required
        value={values.property_type}
        onChange={(v) => f.set('property_type', v === '1' ? '1' : '0')}
        options={[
          { value: '0', label: t('sell', 'Sell') },
          { value: '1', label: t('rent', 'Rent') },
        ]}
        error={f.error('property_type')}
      />
      <TextField
        label={values.property_type === '1' ? t('rentAmount', 'Rent amount') : t('price', 'Price')}
        name="price"
        required
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        dir="ltr"
        prefix={site?.currency.symbol}
        value={values.price}
        onChange={(v) => f.set('price', v)}
        onBlur={() => f.touch('price')}
        error={f.error('price')}
      />
      {values.property_type === '1' ? (
        <SelectField
          label={t('rentDuration', 'Rent is per')}
          name="rentduration"
          value={values.rentduration}
          onChange={(v) => f.set('rentduration', (RENT_DURATIONS as readonly string[]).includes(v) ? (v as RentDuration) : 'Monthly')}
          options={RENT_DURATIONS.map((d) => ({ value: d, label: durations[d] }))}
          error={f.error('rentduration')}
        />
      ) : (
        <div aria-hidden="true" className="hidden sm:block" />
      )}
      <div className="sm:col-span-2">
        <CheckboxField
          label={t('premiumListing', 'Premium listing')}
          name="is_premium"
          checked={values.is_premium}
          onChange={(on) => f.set('is_premium', on)}
          hint={t('premiumListingHint', 'Only subscribers see the full details: the exact place, all photos, documents and your contact.')}
        />
      </div>
    </div>
  );
}
