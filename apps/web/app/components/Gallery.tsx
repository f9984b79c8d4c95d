import { type KeyboardEvent, type MouseEvent, type UIEvent, useEffect, useRef, useState } from 'react';
import { srcSetFor } from '../lib/format.ts';
import { useSite, useT } from '../lib/i18n.ts';

const largest = (src: string) => src.replace(/-w960\.webp$/, '-w1600.webp');

/**
 * The listing's photos, each a link to the large picture (which is what happens without
 * JavaScript); with it, a full-screen viewer opens in a modal <dialog>: previous/next, arrow keys
 * (mirrored right-to-left), Escape, and focus back on the photo that opened it. On phones the
 * photos are a strip swiped sideways, with a "2 / 8" mark of where the visitor is.
 */
export function Gallery({ images: given, title }: { images: string[]; title: string }) {
  const images = given.filter((src, i) => !!src && given.indexOf(src) === i);
  const t = useT();
  const site = useSite();
  const rtl = site?.dir === 'rtl';
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [index, setIndex] = useState<number | null>(null);
  const count = images.length;

  const alt = (i: number) => (i === 0 ? title : `${title} – ${t('photo', 'photo')} ${i + 1}`);
  const open = (i: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    opener.current = event.currentTarget;
    setIndex(i);
  };
  const step = (delta: number) => setIndex((i) => (i === null ? i : (i + delta + count) % count));

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (index !== null && !d.open) d.showModal();
    if (index === null && d.open) d.close();
  }, [index]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const forward = event.key === 'ArrowRight' ? !rtl : rtl;
    step(forward ? 1 : -1);
  };

  // Which photo the phone strip shows: its scroll position over the distance between two photos
  // (every photo is as wide as the strip). Negative to the left in right-to-left pages.
  const [shown, setShown] = useState(0);
  const onStripScroll = (event: UIEvent<HTMLUListElement>) => {
    const strip = event.currentTarget;
    const pitch = (strip.scrollWidth - strip.clientWidth) / Math.max(1, count - 1);
    if (pitch > 0) setShown(Math.min(count - 1, Math.round(Math.abs(strip.scrollLeft) / pitch)));
  };

  return (
    <section aria-label={t('gallery', 'Gallery')} className="relative mt-6">
      {/* Phones: one photo wide, edge to edge, swiped sideways and snapping to each photo; every
          photo is a link, so the keyboard reaches them too. Wider screens: the cover over a grid. */}
      <ul
        onScroll={onStripScroll}
        data-testid="gallery-strip"
        className="photo-strip -mx-4 flex snap-x snap-mandatory gap-2 overflow-x-auto overscroll-x-contain [scrollbar-width:none] md:mx-0 md:grid md:snap-none md:grid-cols-4 md:gap-3 md:overflow-visible"
      >
        {images.map((src, i) => (
          <li key={src} className={`w-full shrink-0 snap-center ${i === 0 ? 'md:col-span-4' : ''}`}>
            <a href={largest(src)} onClick={open(i)} className="block">
              <img
                src={src}
                srcSet={srcSetFor(src)}
                sizes={i === 0 ? '(min-width: 1152px) 1120px, 100vw' : '(min-width: 768px) 25vw, 100vw'}
                alt={alt(i)}
                loading={i === 0 ? undefined : 'lazy'}
                fetchPriority={i === 0 ? 'high' : undefined}
                width={i === 0 ? 1600 : 480}
                height={i === 0 ? 1067 : 320}
                className={`aspect-[3/2] w-full bg-slate-200 object-cover ${i === 0 ? 'md:rounded-2xl' : 'md:rounded-lg'}`}
              />
            </a>
          </li>
        ))}
      </ul>
      {count > 1 ? (
        // The list already tells assistive technology how many photos there are and each alt which one.
        <p
          aria-hidden="true"
          data-testid="gallery-position"
          className="pointer-events-none absolute bottom-3 end-3 rounded-full bg-slate-950/75 px-2.5 py-0.5 text-sm font-semibold text-white md:hidden"
        >
          <bdi dir="ltr">
            {shown + 1} / {count}
          </bdi>
        </p>
      ) : null}

      <dialog
        ref={dialog}
        aria-label={t('photoViewer', 'Photo viewer')}
        data-testid="gallery-dialog"
        onKeyDown={onKeyDown}
        onClose={() => {
          setIndex(null);
          opener.current?.focus();
        }}
        className="m-0 h-full max-h-none w-full max-w-none bg-slate-950 p-0 text-white backdrop:bg-black/80"
      >
        {index !== null ? (
          <div className="flex h-full flex-col">
            <div className="flex items-center justify-between gap-4 px-4 py-3">
              <p aria-live="polite" dir="ltr" className="text-sm font-medium" data-testid="gallery-counter">
                {index + 1} / {count}
              </p>
              <button
                type="button"
                autoFocus
                onClick={() => setIndex(null)}
                className="rounded-lg border border-white/40 px-3 py-1.5 text-sm font-semibold hover:bg-white/10"
              >
                {t('close', 'Close')}
              </button>
            </div>
            <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 pb-4 sm:px-16">
              <img
                key={images[index]}
                src={images[index]}
                srcSet={srcSetFor(images[index])}
                sizes="100vw"
                alt={alt(index)}
                className="max-h-full max-w-full object-contain"
              />
              {count > 1 ? (
                <>
                  <button
                    type="button"
                    onClick={() => step(-1)}
                    aria-label={t('previousPhoto', 'Previous photo')}
                    className="absolute start-2 top-1/2 -translate-y-1/2 rounded-full bg-white/90 px-3.5 py-2 text-xl font-bold text-slate-900 hover:bg-white"
                  >
                    <span aria-hidden="true">{rtl ? '→' : '←'}</span>
                  </button>
                  <button
                    type="button"
                    onClick={() => step(1)}
                    aria-label={t('nextPhoto', 'Next photo')}
                    className="absolute end-2 top-1/2 -translate-y-1/2 rounded-full bg-white/90 px-3.5 py-2 text-xl font-bold text-slate-900 hover:bg-white"
                  >
                    <span aria-hidden="true">{rtl ? '←' : '→'}</span>
                  </button>
                </>
              ) : null}
            </div>
          </div>
        ) : null}
      </dialog>
    </section>
  );
}
