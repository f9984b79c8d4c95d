import { Suspense, lazy, useEffect, useState } from 'react';
import { useT } from '../../lib/i18n.ts';
import type { PinMapProps } from './PinMap.tsx';
import { loadStreetStyle } from './street-style.ts';

// MapLibre and its CSS load only when a form shows the picker, and only in the browser.
const PinMap = lazy(() => import('./PinMap.tsx'));

/** The map picker with its space kept from the first paint (the height comes through `className`). */
export function LazyPinMap({ className, ...props }: PinMapProps & { className: string }) {
  const t = useT();
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  const styleUrl = props.tiles?.kind === 'style' ? props.tiles.url : null;
  useEffect(() => {
    if (inBrowser && styleUrl) void loadStreetStyle(styleUrl);
  }, [inBrowser, styleUrl]);
  const placeholder = (
    <div className="flex h-full items-center justify-center text-sm text-slate-600" role="status">
      {t('loadingMap', 'Loading the map…')}
    </div>
  );
  return (
    // Maps read left to right in every language; the page around them follows the language.
    <div dir="ltr" className={`relative overflow-hidden rounded-xl border border-slate-200 bg-[#e7eef0] ${className}`}>
      {inBrowser ? (
        <Suspense fallback={placeholder}>
          <PinMap {...props} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
