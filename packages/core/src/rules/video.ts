export type VideoEmbed = { kind: 'iframe'; src: string } | { kind: 'file'; src: string };

const YOUTUBE_ID = /^[\w-]{6,20}$/;

/**
 * How a listing's `video_link` can be played on the page: a privacy-friendly embed for YouTube and
 * Vimeo, the file itself for a direct .mp4/.webm/.ogg link, null for anything else (shown as a
 * plain link only). The embed is only loaded when the visitor asks for it.
 */
export function videoEmbed(link: string | null | undefined): VideoEmbed | null {
  if (!link) return null;
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  const parts = url.pathname.split('/').filter(Boolean);
  let youtube: string | null | undefined;
  if (host === 'youtu.be') youtube = parts[0];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    youtube = parts[0] === 'watch' ? url.searchParams.get('v') : ['embed', 'shorts', 'live', 'v'].includes(parts[0] ?? '') ? parts[1] : undefined;
  }
  if (youtube !== undefined) return youtube && YOUTUBE_ID.test(youtube) ? { kind: 'iframe', src: `https://www.youtube-nocookie.com/embed/${youtube}` } : null;
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = parts.find((p) => /^\d+$/.test(p));
    return id ? { kind: 'iframe', src: `https://player.vimeo.com/video/${id}` } : null;
  }
  if (/\.(mp4|webm|ogg|ogv)$/i.test(url.pathname)) return { kind: 'file', src: url.href };
  return null;
}
