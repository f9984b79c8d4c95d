import { useEffect, useState } from 'react';
import { useT } from '../../lib/i18n.ts';

const linkClass = 'rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50';

/** Share the listing: the device's share sheet where there is one, else copy the link; plus the usual share links. */
export function Share({ url, title }: { url: string; title: string }) {
  const t = useT();
  const [canShare, setCanShare] = useState(false);
  const [status, setStatus] = useState('');
  useEffect(() => setCanShare(typeof navigator !== 'undefined' && typeof navigator.share === 'function'), []);

  const share = async () => {
    try {
      await navigator.share({ title, url });
    } catch (error) {
      // Closing the share sheet is not a failure worth announcing.
      if (!(error instanceof DOMException && error.name === 'AbortError')) setStatus(t('shareFailed', 'Sharing did not work. Copy the link instead.'));
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setStatus(t('linkCopied', 'Link copied.'));
    } catch {
      setStatus(t('copyFailed', 'The link could not be copied. Select it in the address bar instead.'));
    }
  };
  const text = encodeURIComponent(title);
  const link = encodeURIComponent(url);
  return (
    <section aria-labelledby="share" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="share" className="text-lg font-bold">
        {t('share', 'Share')}
      </h2>
      <div className="mt-3 flex flex-wrap gap-2">
        {canShare ? (
          <button type="button" onClick={share} className={linkClass} data-testid="share-native">
            {t('shareListing', 'Share this listing')}
          </button>
        ) : null}
        <button type="button" onClick={copy} className={linkClass} data-testid="share-copy">
          {t('copyLink', 'Copy link')}
        </button>
        <a href={`https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`} target="_blank" rel="noopener noreferrer" className={linkClass}>
          WhatsApp
        </a>
        <a href={`https://www.facebook.com/sharer/sharer.php?u=${link}`} target="_blank" rel="noopener noreferrer" className={linkClass}>
          Facebook
        </a>
        <a href={`https://twitter.com/intent/tweet?url=${link}&text=${text}`} target="_blank" rel="noopener noreferrer" className={linkClass}>
          X
        </a>
        <a href={`mailto:?subject=${text}&body=${encodeURIComponent(`${title}\n${url}`)}`} className={linkClass}>
          {t('email', 'E-mail')}
        </a>
      </div>
      <p role="status" aria-live="polite" className="mt-2 min-h-5 text-sm text-slate-700" data-testid="share-status">
        {status}
      </p>
    </section>
  );
}
