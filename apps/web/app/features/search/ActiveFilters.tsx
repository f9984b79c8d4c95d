import { AppLink } from '../../components/AppLink.tsx';
import { type SiteData, type Translate, useSite, useT } from '../../lib/i18n.ts';
import type { Catalogue } from './FilterForm.tsx';
import { shortAmount } from './price.ts';
import { type Filters, type RoomKey, searchHref, type View, withFilters } from './search-url.ts';

export type Chip = { id: string; label: string; remove: Filters };

const ROOM_CHIPS: Record<RoomKey, (n: number, t: Translate) => string> = {
  bedrooms: (n, t) => t.count(n, 'bedroomsChip', '{count} bedroom', '{count} bedrooms'),
  bathrooms: (n, t) => t.count(n, 'bathroomsChip', '{count} bathroom', '{count} bathrooms'),
  living_rooms: (n, t) => t.count(n, 'livingRoomsChip', '{count} living room', '{count} living rooms'),
  floors: (n, t) => t.count(n, 'floorsChip', '{count} floor', '{count} floors'),
};

/** Every filter the visitor has on, as a chip: its words and what removing it clears. */
export function activeChips(filters: Filters, catalogue: Omit<Catalogue, 'cities'>, t: Translate, currency: SiteData['currency'] | undefined): Chip[] {
  const chips: Chip[] = [];
  if (filters.property_type === '0' || filters.property_type === '1') {
    chips.push({ id: 'property_type', label: filters.property_type === '1' ? t('rent', 'Rent') : t('buy', 'Buy'), remove: { property_type: '' } });
  }
  if (filters.search) chips.push({ id: 'search', label: `“${filters.search}”`, remove: { search: '' } });
  if (filters.city) chips.push({ id: 'city', label: filters.city, remove: { city: '' } });
  if (filters.category_id) {
    const category = catalogue.categories.find((c) => String(c.id) === filters.category_id);
    chips.push({ id: 'category_id', label: category?.category ?? t('category', 'Category'), remove: { category_id: '' } });
  }
  if (filters.min_price || filters.max_price) {
    const money = (v: string) => (Number.isFinite(Number(v)) ? `${currency?.symbol ?? ''}${shortAmount(Number(v), currency?.code ?? 'USD')}` : v);
    const label =
      filters.min_price && filters.max_price
        ? `${money(filters.min_price)} – ${money(filters.max_price)}`
        : filters.min_price
          ? t('priceFrom', 'From {amount}').replace('{amount}', money(filters.min_price))
          : t('priceUpTo', 'Up to {amount}').replace('{amount}', money(filters.max_price));
    chips.push({ id: 'price', label, remove: { min_price: '', max_price: '' } });
  }
  for (const key of Object.keys(ROOM_CHIPS) as RoomKey[]) {
    const n = Number(filters[key]);
    if (filters[key] && Number.isFinite(n)) {
      chips.push({ id: key, label: ROOM_CHIPS[key](n, t), remove: { [key]: '' } });
    }
  }
  const ids = filters.facility_ids?.split(',').filter(Boolean) ?? [];
  for (const id of ids) {
    const facility = catalogue.facilities.find((f) => String(f.id) === id);
    if (facility) chips.push({ id: `facility-${id}`, label: facility.name, remove: { facility_ids: ids.filter((other) => other !== id).join(',') } });
  }
  if (filters.bbox || filters.polygon) chips.push({ id: 'area', label: t('mapArea', 'Map area'), remove: { bbox: '', polygon: '' } });
  return chips;
}

/** The filters in force as removable chips, and "Clear all"; nothing when no filter is on. A locked search's chips cannot be removed. */
export function ActiveFilters({ filters, view, catalogue, locked }: { filters: Filters; view: View; catalogue: Omit<Catalogue, 'cities'>; locked?: boolean }) {
  const t = useT();
  const site = useSite();
  const chips = activeChips(filters, catalogue, t, site?.currency);
  if (!chips.length) return null;
  const removeLabel = t('removeFilter', 'Remove filter: {filter}');
  return (
    <div className="mt-3 flex items-center gap-2 overflow-x-auto pb-1" data-testid="active-filters">
      <ul className="flex shrink-0 gap-2" aria-label={t('activeFilters', 'Active filters')}>
        {chips.map((chip) => (
          <li key={chip.id}>
            {locked ? (
              <span className="flex items-center whitespace-nowrap rounded-full border border-brand bg-brand-light px-3 py-1 text-sm font-medium text-brand-dark" data-testid={`chip-${chip.id}`}>
                <bdi>{chip.label}</bdi>
              </span>
            ) : (
              <AppLink
                to={searchHref(withFilters(filters, chip.remove), view)}
                aria-label={removeLabel.replace('{filter}', chip.label)}
                data-testid={`chip-${chip.id}`}
                className="flex items-center gap-1 whitespace-nowrap rounded-full border border-brand bg-brand-light py-1 pe-2 ps-3 text-sm font-medium text-brand-dark hover:bg-white"
              >
                <bdi>{chip.label}</bdi>
                <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
                  <path d="M6.3 5 10 8.6 13.7 5 15 6.3 11.4 10l3.6 3.7-1.3 1.3-3.7-3.6L6.3 15 5 13.7 8.6 10 5 6.3z" />
                </svg>
              </AppLink>
            )}
          </li>
        ))}
      </ul>
      {locked ? null : (
        <AppLink
          to={searchHref(filters.sort_by ? { sort_by: filters.sort_by } : {}, view)}
          className="shrink-0 whitespace-nowrap px-2 py-1 text-sm font-medium text-brand-dark underline"
          data-testid="clear-all"
        >
          {t('clearAll', 'Clear all')}
        </AppLink>
      )}
    </div>
  );
}
