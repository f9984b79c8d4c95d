import { normalizeCoordinates } from '@estate/core/rules/reverse-geocode';
import { useRef, useState, useSyncExternalStore } from 'react';
import { LazyPinMap } from '../map/LazyPinMap.tsx';
import type { LngLat } from '../map/area.ts';
import { reverseGeocode } from '../map/reverse-geocode.ts';
import { useSite, useT } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { TextField } from './fields.tsx';
import type { FormApi } from './form-api.ts';

type Lookup = 'idle' | 'looking' | 'found' | 'unknown' | 'failed';

const hasGeolocation = () => typeof navigator !== 'undefined' && 'geolocation' in navigator;

export function LocationStep({ f }: { f: FormApi }) {
  const t = useT();
  const site = useSite();
  const session = useSession();
  const [lookup, setLookup] = useState<Lookup>('idle');
  const [locating, setLocating] = useState(false);
  const asked = useRef(0);
  const canLocate = useSyncExternalStore(
    () => () => {},
    hasGeolocation,
    () => false,
  );
  const { values } = f;
  const point = normalizeCoordinates(values.latitude, values.longitude);
  const pin: LngLat | null = point && values.latitude.trim() !== '' && values.longitude.trim() !== '' ? [point.longitude, point.latitude] : null;
  const home = session?.data.latitude != null && session.data.longitude != null ? ([session.data.longitude, session.data.latitude] as LngLat) : null;

  /** The pin moved: the coordinates change, and the address is looked up for the fields (which stay editable). */
  const place = async ([lng, lat]: LngLat) => {
    f.set('latitude', String(lat));
    f.set('longitude', String(lng));
    const ask = ++asked.current;
    setLookup('looking');
    const found = await reverseGeocode(lat, lng);
    if (ask !== asked.current) return;
    if (!found) return setLookup('failed');
    if (!found.found) return setLookup('unknown');
    // Only what is known is filled in; the rest keeps what the owner typed.
    for (const key of ['address', 'city', 'state', 'country'] as const) if (found.place[key]) f.set(key, found.place[key]);
    setLookup('found');
  };

  const locate = () => {
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        void place([Math.round(position.coords.longitude * 1e6) / 1e6, Math.round(position.coords.latitude * 1e6) / 1e6]);
      },
      () => {
        setLocating(false);
        setLookup('idle');
      },
      { timeout: 10_000, maximumAge: 60_000 },
    );
  };

  const status: Record<Lookup, string> = {
    idle: pin ? '' : t('pinHelp', 'Tap the map where the property is, then drag the pin to the exact spot.'),
    looking: t('lookingUpAddress', 'Looking up the address…'),
    found: t('addressFilled', 'The address below was filled in from the map. Change anything that is not right.'),
    unknown: t('locationUnavailable', 'Location information unavailable. Type the address below.'),
    failed: t('addressLookupFailed', 'The address could not be looked up. Type it below.'),
  };
  const field = (name: 'address' | 'client_address' | 'city' | 'state' | 'country', label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField label={label} name={name} value={values[name]} onChange={(v) => f.set(name, v)} onBlur={() => f.touch(name)} error={f.error(name)} maxLength={name === 'address' || name === 'client_address' ? 300 : 100} {...extra} />
  );

  return (
    <div className="space-y-4">
      <div>
        <LazyPinMap
          className="h-72 sm:h-96"
          value={pin}
          onChange={(p) => void place(p)}
          fallbackCenter={home}
          label={t('pinMapLabel', 'Map: where the property is')}
          tiles={site?.mapTiles ?? null}
        />
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <p role="status" aria-live="polite" className="min-h-5 text-sm text-slate-700" data-testid="location-status">
            {status[lookup]}
          </p>
          {canLocate ? (
            <button type="button" onClick={locate} disabled={locating} className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium hover:bg-slate-50 disabled:opacity-60">
              {locating ? t('locating', 'Finding you…') : t('useMyLocation', 'Use my current location')}
            </button>
          ) : null}
        </div>
      </div>
      <div className="grid grid-cols-2 gap-x-4">
        <TextField
          label={t('latitude', 'Latitude')}
          name="latitude"
          inputMode="decimal"
          dir="ltr"
          value={values.latitude}
          onChange={(v) => f.set('latitude', v)}
          onBlur={() => f.touch('latitude')}
          error={f.error('latitude')}
        />
        <TextField
          label={t('longitude', 'Longitude')}
          name="longitude"
          inputMode="decimal"
          dir="ltr"
          value={values.longitude}
          onChange={(v) => f.set('longitude', v)}
          onBlur={() => f.touch('longitude')}
          error={f.error('longitude')}
        />
      </div>
      <div className="grid gap-x-4 sm:grid-cols-2">
        {field('address', t('address', 'Address'), { className: 'sm:col-span-2' })}
        {field('city', t('city', 'City'))}
        {field('state', t('state', 'State'))}
        {field('country', t('country', 'Country'))}
        {field('client_address', t('clientAddress', 'Address for enquirers'), { hint: t('clientAddressHint', 'Optional: what you tell people who ask, if not the exact address.') })}
      </div>
    </div>
  );
}
