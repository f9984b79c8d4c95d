import { EMPTY_SEARCH_MESSAGE } from '@estate/core/rules/search-criteria';
import { MAX_COUNTED_RESULTS } from '@estate/core/rules/constants';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { localizeMessage, useSite, useT } from '../../lib/i18n.ts';
import { usePendingCount } from './count-properties.ts';
import { parseAmount, type PriceBand, priceBands, priceSteps, shortAmount } from './price.ts';
import { type Filters, narrowing, ROOM_KEYS, searchHref, type View, withFilters } from './search-url.ts';

/** Room and floor counts offered in the panel (the API matches them exactly). */
const COUNTS = [1, 2, 3, 4, 5, 6] as const;
const field = 'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand';
const labelClass = 'mb-1 block text-sm font-medium text-slate-700';

export type Catalogue = {
  categories: { id: number; category: string }[];
  facilities: { id: number; name: string }[];
  cities: string[];
};

function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** A price for its field: short ("50L") when that reads back exactly, else the plain number. */
function priceText(value: string | undefined, code: string): string {
  if (!value) return '';
  const amount = Number(value);
  if (!Number.isFinite(amount)) return value;
  const short = shortAmount(amount, code);
  return parseAmount(short) === amount ? short : value;
}

/** The field's text as the filter value: a number when it reads as one, else the text (the API explains). */
function priceValue(text: string): string {
  const amount = parseAmount(text);
  if (amount === undefined) return '';
  return Number.isNaN(amount) ? text.trim() : String(amount);
}

/**
 * The search filters, applied together: the button says how many listings they will show, counted
 * by the API 300 ms after the last change. Used beside the results on wide screens and in the
 * phone's filter sheet (`idPrefix` keeps the two sets of ids apart).
 */
export function FilterForm(props: {
  idPrefix: string;
  filters: Filters;
  view: View;
  total: number;
  catalogue: Catalogue;
  onApplied?: () => void;
  /** A saved search is locked (spec §4): the filters show but cannot change. */
  locked?: boolean;
}) {
  const { idPrefix: p, filters, view, catalogue } = props;
  const t = useT();
  const site = useSite();
  const navigate = useNavigate();
  const code = site?.currency.code ?? 'USD';
  const symbol = site?.currency.symbol ?? '$';
  const [pending, setPending] = useState<Filters>(() => narrowing(filters));
  const [minText, setMinText] = useState(() => priceText(filters.min_price, code));
  const [maxText, setMaxText] = useState(() => priceText(filters.max_price, code));
  const [emptySearch, setEmptySearch] = useState(false);
  const count = usePendingCount(pending, { key: new URLSearchParams(narrowing(filters)).toString(), total: props.total });
  const set = (change: Filters) => {
    setEmptySearch(false);
    setPending((current) => withFilters(current, change));
  };
  const deal = pending.property_type === '1' ? 'rent' : 'buy';
  const bands = priceBands(code, deal);
  const steps = priceSteps(code, deal);
  const money = (n: number) => `${symbol}${shortAmount(n, code)}`;
  const bandLabel = (band: PriceBand) =>
    band.min === undefined
      ? t('priceUpTo', 'Up to {amount}').replace('{amount}', money(band.max ?? 0))
      : band.max === undefined
        ? t('priceFrom', 'From {amount}').replace('{amount}', money(band.min))
        : `${money(band.min)} – ${money(band.max)}`;
  const isBand = (band: PriceBand) => (pending.min_price ?? '') === String(band.min ?? '') && (pending.max_price ?? '') === String(band.max ?? '');
  const pickBand = (band: PriceBand) => {
    const off = isBand(band);
    const min = off || band.min === undefined ? '' : String(band.min);
    const max = off || band.max === undefined ? '' : String(band.max);
    setMinText(priceText(min, code));
    setMaxText(priceText(max, code));
    set({ min_price: min, max_price: max });
  };
  const setDeal = (type: string) => {
    // Rent and purchase prices differ a hundredfold: a band chosen for one means nothing for the other.
    if (type !== (pending.property_type ?? '') && (pending.min_price || pending.max_price) && bands.some(isBand)) {
      setMinText('');
      setMaxText('');
      set({ property_type: type, min_price: '', max_price: '' });
    } else set({ property_type: type });
  };
  const ticked = new Set(pending.facility_ids?.split(',').filter(Boolean) ?? []);
  const toggleFacility = (id: string, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(id);
    else next.delete(id);
    set({ facility_ids: [...next].join(',') });
  };
  const roomLabels: Record<(typeof ROOM_KEYS)[number], string> = {
    bedrooms: t('bedrooms', 'Bedrooms'),
    bathrooms: t('bathrooms', 'Bathrooms'),
    living_rooms: t('livingRooms', 'Living rooms'),
    floors: t('floors', 'Floors'),
  };
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = { ...pending, ...(filters.sort_by ? { sort_by: filters.sort_by } : {}) };
    // The spec asks for a criterion before a search (an empty search is the "Clear all" link).
    if (Object.keys(narrowing(next)).length === 0) {
      setEmptySearch(true);
      return;
    }
    props.onApplied?.();
    // New results start from the top of the page.
    navigate(searchHref(next, view));
  };
  const applyLabel =
    count.total === undefined
      ? t('showPropertiesUncounted', 'Show properties')
      : count.total >= MAX_COUNTED_RESULTS
        ? t('showManyProperties', 'Show 1,000+ properties')
        : t.count(count.total, 'showProperties', 'Show {count} property', 'Show {count} properties');
  const deals = [
    ['', t('any', 'Any')],
    ['0', t('buy', 'Buy')],
    ['1', t('rent', 'Rent')],
  ] as const;
  const moreOpen = ROOM_KEYS.some((k) => filters[k]) || !!filters.facility_ids;
  return (
    <form method="get" action="/properties" role="search" aria-label={t('filters', 'Filters')} onSubmit={apply} className="flex min-h-0 flex-1 flex-col">
      {view !== 'grid' ? <input type="hidden" name="view" value={view} /> : null}
      {filters.sort_by ? <input type="hidden" name="sort_by" value={filters.sort_by} /> : null}
      {filters.bbox ? <input type="hidden" name="bbox" value={filters.bbox} /> : null}
      {filters.polygon ? <input type="hidden" name="polygon" value={filters.polygon} /> : null}
      {/* No box of its own (a fieldset will not shrink as a flex item), only the disabled state. */}
      <fieldset disabled={props.locked} className="contents">
        <div className="grid min-h-0 flex-1 content-start gap-4 overflow-y-auto p-4">
          {props.locked ? (
            <p className="flex items-center gap-2 rounded-lg border border-brand bg-brand-light px-3 py-2 text-sm font-medium text-brand-dark" data-testid={`${p}-filters-locked`}>
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0" fill="currentColor">
                <path d="M10 2a4 4 0 0 0-4 4v2H5a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1V9a1 1 0 0 0-1-1h-1V6a4 4 0 0 0-4-4Zm-2 6V6a2 2 0 1 1 4 0v2H8Z" />
              </svg>
              {t('filtersLocked', 'These filters are locked to your saved search.')}
            </p>
          ) : null}
          <fieldset>
            <legend className={labelClass}>{t('lookingTo', 'Looking to')}</legend>
            <div className="grid grid-cols-3 overflow-hidden rounded-lg border border-slate-300 text-sm font-medium" data-testid={`${p}-deal`}>
              {deals.map(([value, label]) => (
                <label
                  key={value}
                  className="cursor-pointer border-s border-slate-300 px-2 py-2 text-center first:border-s-0 has-[:checked]:bg-brand has-[:checked]:text-white has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:-outline-offset-4"
                >
                  <input
                    type="radio"
                    name="property_type"
                    value={value}
                    checked={(pending.property_type ?? '') === value}
                    onChange={() => setDeal(value)}
                    className="sr-only"
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          <FilterField id={`${p}-search`} label={t('search', 'Search')}>
            <input
              id={`${p}-search`}
              name="search"
              type="search"
              value={pending.search ?? ''}
              onChange={(e) => set({ search: e.target.value })}
              maxLength={100}
              className={field}
            />
          </FilterField>
          <FilterField id={`${p}-city`} label={t('city', 'City')}>
            <input
              id={`${p}-city`}
              name="city"
              type="text"
              list={`${p}-city-suggestions`}
              value={pending.city ?? ''}
              onChange={(e) => set({ city: e.target.value })}
              maxLength={100}
              autoComplete="off"
              className={field}
            />
            <datalist id={`${p}-city-suggestions`}>
              {catalogue.cities.map((city) => (
                <option key={city} value={city} />
              ))}
            </datalist>
          </FilterField>
          <FilterField id={`${p}-category`} label={t('category', 'Category')}>
            <select id={`${p}-category`} name="category_id" value={pending.category_id ?? ''} onChange={(e) => set({ category_id: e.target.value })} className={field}>
              <option value="">{t('any', 'Any')}</option>
              {catalogue.categories.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.category}
                </option>
              ))}
            </select>
          </FilterField>
          <fieldset>
            <legend className={labelClass}>{deal === 'rent' ? t('rentPerMonth', 'Rent per month') : t('price', 'Price')}</legend>
            <div className="grid grid-cols-2 gap-2">
              <div>
                <label htmlFor={`${p}-min`} className="mb-1 block text-xs text-slate-600">
                  {t('minimum', 'Minimum')}
                </label>
                <input
                  id={`${p}-min`}
                  name="min_price"
                  type="text"
                  list={`${p}-price-steps`}
                  value={minText}
                  placeholder={money(steps[0])}
                  onChange={(e) => {
                    setMinText(e.target.value);
                    set({ min_price: priceValue(e.target.value) });
                  }}
                  autoComplete="off"
                  className={field}
                />
              </div>
              <div>
                <label htmlFor={`${p}-max`} className="mb-1 block text-xs text-slate-600">
                  {t('maximum', 'Maximum')}
                </label>
                <input
                  id={`${p}-max`}
                  name="max_price"
                  type="text"
                  list={`${p}-price-steps`}
                  value={maxText}
                  placeholder={money(steps[steps.length - 1])}
                  onChange={(e) => {
                    setMaxText(e.target.value);
                    set({ max_price: priceValue(e.target.value) });
                  }}
                  autoComplete="off"
                  className={field}
                />
              </div>
            </div>
            <datalist id={`${p}-price-steps`}>
              {steps.map((n) => (
                <option key={n} value={shortAmount(n, code)} />
              ))}
            </datalist>
            <ul className="mt-2 flex flex-wrap gap-2" aria-label={t('priceBands', 'Budget bands')} data-testid={`${p}-price-bands`}>
              {bands.map((band) => (
                <li key={`${band.min}-${band.max}`}>
                  <button
                    type="button"
                    aria-pressed={isBand(band)}
                    onClick={() => pickBand(band)}
                    className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm aria-pressed:border-brand aria-pressed:bg-brand-light aria-pressed:text-brand-dark"
                  >
                    <bdi>{bandLabel(band)}</bdi>
                  </button>
                </li>
              ))}
            </ul>
          </fieldset>
          <details open={moreOpen}>
            <summary className="cursor-pointer text-sm font-semibold text-brand-dark">{t('moreFilters', 'More filters: rooms, floors, facilities')}</summary>
            <div className="mt-3 grid grid-cols-2 gap-4">
              {ROOM_KEYS.map((key) => (
                <FilterField key={key} id={`${p}-${key}`} label={roomLabels[key]}>
                  <select id={`${p}-${key}`} name={key} value={pending[key] ?? ''} onChange={(e) => set({ [key]: e.target.value })} className={field}>
                    <option value="">{t('any', 'Any')}</option>
                    {COUNTS.map((n) => (
                      <option key={n} value={String(n)}>
                        {n}
                      </option>
                    ))}
                  </select>
                </FilterField>
              ))}
            </div>
            {catalogue.facilities.length ? (
              <fieldset className="mt-4">
                <legend className={labelClass}>{t('nearbyFacilities', 'Nearby facilities')}</legend>
                <ul className="flex flex-wrap gap-2">
                  {catalogue.facilities.map((f) => (
                    <li key={f.id}>
                      <label className="flex cursor-pointer items-center gap-2 rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand-light">
                        <input
                          type="checkbox"
                          name="facility"
                          value={f.id}
                          checked={ticked.has(String(f.id))}
                          onChange={(e) => toggleFacility(String(f.id), e.target.checked)}
                          className="accent-brand"
                        />
                        {f.name}
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
            ) : null}
          </details>
        </div>
        <div className="border-t border-slate-200 bg-white p-4">
          {count.problem || emptySearch ? (
            <p role="alert" className="mb-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" data-testid={emptySearch ? 'empty-search' : undefined}>
              {emptySearch ? t('emptySearch', EMPTY_SEARCH_MESSAGE) : localizeMessage(count.problem ?? '', t)}
            </p>
          ) : null}
          <div className="flex gap-2">
            <button
              type="button"
              onClick={() => {
                setMinText('');
                setMaxText('');
                setPending({});
              }}
              className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50"
            >
              {t('clear', 'Clear')}
            </button>
            <button
              type="submit"
              disabled={!!count.problem}
              aria-busy={count.isCounting}
              data-testid={`${p}-apply`}
              className="flex-1 rounded-lg bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
            >
              {applyLabel}
            </button>
          </div>
        </div>
      </fieldset>
    </form>
  );
}
