import { useT } from '../lib/i18n.ts';

/** Where a place is: its address and coordinates, with a link to open them on a map site. */
export function LocationBox({ address, latitude, longitude }: { address: string; latitude: number | null; longitude: number | null }) {
  const t = useT();
  const hasPoint = latitude !== null && longitude !== null;
  return (
    <div className="rounded-xl border border-slate-200 bg-gradient-to-br from-brand-light/60 to-slate-100 p-5">
      <p className="flex items-start gap-2 font-medium text-slate-900">
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" className="mt-0.5 shrink-0 fill-brand-dark">
          <path d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z" />
        </svg>
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
