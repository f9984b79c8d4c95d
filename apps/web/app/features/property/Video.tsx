import { videoEmbed } from '@estate/core/rules/video';
import { useState } from 'react';
import { useT } from '../../lib/i18n.ts';

/**
 * The listing's or project's video. A video file (ours, or a direct link) plays in the browser's
 * own player, which fetches nothing until Play is pressed; a video site's player (YouTube, Vimeo)
 * is not loaded from that site until the visitor asks for it.
 */
export function Video({ link, title, poster }: { link: string; title: string; poster?: string | null }) {
  const t = useT();
  const [playing, setPlaying] = useState(false);
  const embed = videoEmbed(link);
  const label = `${t('video', 'Video')}: ${title}`;
  if (embed?.kind === 'file') {
    return (
      <div className="aspect-video w-full overflow-hidden rounded-xl bg-slate-900">
        <video
          src={embed.src}
          poster={poster ?? undefined}
          controls
          preload="none"
          playsInline
          aria-label={label}
          className="h-full w-full object-contain"
          data-testid="video-file"
        >
          <a href={embed.src} className="text-white underline">
            {t('downloadTheVideo', 'Download the video')}
          </a>
        </video>
      </div>
    );
  }
  return (
    <div>
      {embed ? (
        <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-slate-900">
          {playing ? (
            <iframe
              src={`${embed.src}?autoplay=1`}
              title={label}
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
              className="absolute inset-0 h-full w-full"
            />
          ) : (
            <button
              type="button"
              onClick={() => setPlaying(true)}
              className="absolute inset-0 flex flex-col items-center justify-center gap-3 text-white hover:bg-white/5"
              data-testid="video-play"
            >
              <span aria-hidden="true" className="flex h-16 w-16 items-center justify-center rounded-full bg-white/90 text-2xl text-slate-900">
                ▶
              </span>
              <span className="font-semibold">{t('playTheVideo', 'Play the video')}</span>
              <span className="text-xs text-slate-300">{t('videoNotice', 'Loads the player from the video site')}</span>
            </button>
          )}
        </div>
      ) : null}
      <p className="mt-2 text-sm">
        <a href={link} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-dark underline" data-testid="video-link">
          {t('watchOnSite', 'Watch the video on its site')}
        </a>
      </p>
    </div>
  );
}
