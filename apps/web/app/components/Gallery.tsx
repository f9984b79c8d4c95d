import { srcSetFor } from '../lib/format.ts';
import { useT } from '../lib/i18n.ts';

/** A cover photo, then the other photos as thumbnails that open the large version. */
export function Gallery({ images, title }: { images: string[]; title: string }) {
  const t = useT();
  const unique = images.filter((src, i) => !!src && images.indexOf(src) === i);
  const [cover, ...rest] = unique;
  if (!cover) return null;
  return (
    <section aria-label={t('gallery', 'Gallery')} className="mt-6">
      <img src={cover} srcSet={srcSetFor(cover)} sizes="(min-width: 1152px) 1120px, 100vw" alt={title} width={1600} height={1067} className="aspect-[3/2] w-full rounded-2xl bg-slate-200 object-cover" />
      {rest.length ? (
        <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {rest.map((src, i) => (
            <li key={src}>
              <a href={src.replace(/-w960\.webp$/, '-w1600.webp')}>
                <img
                  src={src}
                  srcSet={srcSetFor(src)}
                  sizes="(min-width: 640px) 25vw, 50vw"
                  alt={`${title} – ${t('photo', 'photo')} ${i + 2}`}
                  loading="lazy"
                  width={480}
                  height={320}
                  className="aspect-[3/2] w-full rounded-lg bg-slate-200 object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
