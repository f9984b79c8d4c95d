import { useState } from 'react';
import { useT } from '../lib/i18n.ts';

/** The embeddable address of a YouTube or Vimeo video, or null for any other link. */
export function embedUrl(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  const youtubeId =
    host === 'youtu.be' ? url.pathname.slice(1) : host === 'youtube.com' ? (url.searchParams.get('v') ?? url.pathname.match(/^\/(?:embed|shorts)\/([\w-]+)/)?.[1]) : null;
  if (youtubeId && /^[\w-]{6,20}$/.test(youtubeId)) return `https://www.youtube-nocookie.com/embed/${youtubeId}?autoplay=1`;
  const vimeoId = host === 'vimeo.com' ? url.pathname.match(/^\/(\d+)/)?.[1] : null;
  if (vimeoId) return `https://player.vimeo.com/video/${vimeoId}?autoplay=1`;
  return null;
}

/**
 * A video hosted elsewhere. Nothing is fetched from the host until the visitor asks: a link to
 * the video, and (for YouTube and Vimeo) a button that puts the player on the page.
 */
export function VideoLink({ link, title }: { link: string; title: string }) {
  const t = useT();
  const [playing, setPlaying] = useState(false);
  const embed = embedUrl(link);
  if (playing && embed) {
    return (
      <iframe
        src={embed}
        title={`${t('video', 'Video')}: ${title}`}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
        className="aspect-video w-full rounded-xl border-0 bg-slate-900"
      />
    );
  }
  return (
    <div className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-xl bg-slate-900 p-4 text-center text-white">
      {embed ? (
        <button type="button" onClick={() => setPlaying(true)} className="rounded-full bg-white px-5 py-2.5 font-semibold text-slate-900 hover:bg-brand-light">
          <span aria-hidden="true">▶ </span>
          {t('playVideo', 'Play video')}
        </button>
      ) : null}
      <p className="text-sm text-slate-200">{embed ? t('videoPrivacy', 'The player loads from the video host only when you press play.') : null}</p>
      <a href={link} target="_blank" rel="noopener noreferrer" className="text-sm underline underline-offset-2 hover:text-brand-light">
        {t('watchOnHost', 'Watch on the video site')}
        <span className="sr-only"> ({t('opensInNewTab', 'opens in a new tab')})</span>
      </a>
    </div>
  );
}
