/**
 * React Router's default browser entry, except that it hydrates once the page's texts are there:
 * they come in their own deferred script (lib/i18n.ts), and hydrating without them would put the
 * English fallbacks in place of another language's words.
 */
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadTexts } from './lib/i18n.ts';

const tag = document.querySelector<HTMLScriptElement>('script[data-version]');
void loadTexts(tag?.dataset.lang && tag.dataset.version ? { lang: tag.dataset.lang, version: tag.dataset.version } : undefined).then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  }),
);
