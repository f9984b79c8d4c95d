import { useT } from '../lib/i18n.ts';

/** Where a place is: its address and coordinates, with a link to open them on a map site. */
export function LocationBox({ address, latitude, longitude }: { address: string; latitude: number | null; longitude: number | null }) {
  const t = useT();
  const hasPoint = latitude !== null && longitude !== null;
  return (
    <div className="rounded-xl border border-slate-200 bg-gradient-to-br from-brand-light/60 to-slate-100 p-5">
      <p className="flex items-start gap-2 font-medium text-slate-900">
        <span aria-hidden="true">📍</span>
        <span>{address}</span>
      </p>
      {hasPoint ? (
        <>
          <p className="mt-2 text-sm text-slate-700">
            {t('coordinates', 'Coordinates')}: <span dir="ltr">{latitude.toFixed(5)}, {longitude.toFixed(5)}</span>
          </p>
          <a
            href={`https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-3 inline-block text-sm font-medium text-brand-dark underline underline-offset-2"
          >
            {t('openMap', 'Open in a map')}
            <span className="sr-only"> ({t('opensInNewTab', 'opens in a new tab')})</span>
          </a>
        </>
      ) : null}
    </div>
  );
}
