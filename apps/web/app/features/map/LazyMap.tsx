import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useT } from '../../lib/i18n.ts';
import type { ListingsMapProps } from './ListingsMap.tsx';
import { loadStreetStyle } from './street-style.ts';

// MapLibre (~250 KB gzipped) and its CSS load only when a page shows a map, and only in the browser.
const ListingsMap = lazy(() => import('./ListingsMap.tsx'));

/**
 * A map that keeps its space from the first paint (the caller gives the height through
 * `className`), so nothing moves when MapLibre arrives. MapLibre is fetched and started only
 * when the map comes near the screen, so a map further down a page costs nothing until then.
 */
export function LazyMap({ className, ...props }: ListingsMapProps & { className: string }) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof IntersectionObserver === 'undefined') return setMounted(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setMounted(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  // The street style downloads while MapLibre does.
  const styleUrl = props.tiles?.kind === 'style' ? props.tiles.url : null;
  useEffect(() => {
    if (mounted && styleUrl) void loadStreetStyle(styleUrl);
  }, [mounted, styleUrl]);
  const placeholder = (
    <div className="flex h-full items-center justify-center text-sm text-slate-600" role="status">
      {t('loadingMap', 'Loading the map…')}
    </div>
  );
  return (
    <div ref={box} className={`relative overflow-hidden rounded-xl border border-slate-200 bg-[#e7eef0] ${className}`}>
      {mounted ? (
        <Suspense fallback={placeholder}>
          <ListingsMap {...props} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
