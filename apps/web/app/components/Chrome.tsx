/**
 * The chrome of spec §1–2 around every page: the first-visit loading screen, the route-change
 * overlay and the closable download-the-app bar.
 */
import { LOADING_FADE_MS, LOADING_MESSAGES, LOADING_PROGRESS_MS } from '@estate/core';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { useSite, useT } from '../lib/i18n.ts';

export const LOADING_SEEN_KEY = 'loading_screen_seen';
export const APP_BAR_CLOSED_KEY = 'download_app_bar_closed';

/** Deep links to one listing, project or article open straight on it: no loading screen. */
const DEEP_LINK = /^\/(properties|project|article)-details\//;

/**
 * Runs before the body paints. The loading screen may show on the first page a browser opens
 * (local storage, so not again in the next tab), never on a deep link; the app bar stays closed
 * once closed. Classes on <html>, so nothing flashes or shifts.
 */
export const CHROME_BOOT_SCRIPT = `try{var d=document.documentElement;if(!localStorage.getItem('${LOADING_SEEN_KEY}')&&!${DEEP_LINK}.test(location.pathname)){localStorage.setItem('${LOADING_SEEN_KEY}','1');d.classList.add('loading-first')}if(localStorage.getItem('${APP_BAR_CLOSED_KEY}'))d.classList.add('app-bar-closed')}catch(e){}`;

const STEP_MS = LOADING_PROGRESS_MS / LOADING_MESSAGES.length;

/** A page that is ready sooner than this is never covered: the screen only stands in for real waiting. */
export const LOADING_DELAY_MS = 300;

/**
 * Over the server-rendered page on a browser's first visit, only while the page is not ready
 * yet: invisible for the first 300 ms, then the spec's progress bar filling in 2.5 s while the
 * five texts follow one another, and a 0.6 s fade (spec §9). Those timings are an upper bound:
 * once React has hydrated the page, the screen fades out from wherever it is (or goes at once if
 * it never showed). The timings are CSS, so it also leaves on time when scripts are slow or fail;
 * it is decorative to assistive technology, which reads the page underneath straight away.
 */
export function LoadingScreen() {
  const site = useSite();
  const t = useT();
  const screen = useRef<HTMLDivElement>(null);
  const [leaving, setLeaving] = useState<{ from: number } | 'gone' | null>(null);
  useEffect(() => {
    // Runs once the page has hydrated: it is ready.
    const opacity = screen.current ? Number(getComputedStyle(screen.current).opacity) : 0;
    const shown = screen.current && getComputedStyle(screen.current).display !== 'none' && opacity > 0;
    setLeaving(shown ? { from: opacity } : 'gone');
  }, []);
  if (leaving === 'gone') return null;
  const texts = [
    t('loadingWebsite', LOADING_MESSAGES[0]),
    t('loadingJourney', LOADING_MESSAGES[1]),
    t('loadingDashboard', LOADING_MESSAGES[2]),
    t('loadingAlmostReady', LOADING_MESSAGES[3]),
    t('loadingWelcome', LOADING_MESSAGES[4]),
  ];
  return (
    <div
      ref={screen}
      aria-hidden="true"
      className="loading-screen fixed inset-0 z-[70] flex-col items-center justify-center gap-6 bg-white"
      style={
        leaving
          ? { opacity: leaving.from, pointerEvents: 'none', animation: `loading-leave ${LOADING_FADE_MS}ms ease forwards` }
          : { animation: `loading-in 1ms linear ${LOADING_DELAY_MS}ms both, loading-out ${LOADING_FADE_MS}ms ease ${LOADING_PROGRESS_MS}ms forwards` }
      }
      onAnimationEnd={(e) => {
        if (e.target === e.currentTarget && (e.animationName === 'loading-leave' || e.animationName === 'loading-out')) setLeaving('gone');
      }}
    >
      {site?.company.logo ? <img src={site.company.logo} alt="" width={180} height={48} className="h-12 w-auto" /> : null}
      <div className="h-1.5 w-56 overflow-hidden rounded-full bg-slate-200">
        <div className="h-full origin-[0_50%] bg-brand rtl:origin-[100%_50%]" style={{ animation: `loading-progress ${LOADING_PROGRESS_MS}ms linear forwards` }} />
      </div>
      <p className="relative h-6 w-72 text-center text-slate-700">
        {texts.map((text, i) => (
          <span
            key={i}
            className="absolute inset-0 opacity-0"
            style={{ animation: `${i === texts.length - 1 ? 'loading-text-last' : 'loading-text'} ${STEP_MS}ms ease ${i * STEP_MS}ms both` }}
          >
            {text}
          </span>
        ))}
      </p>
    </div>
  );
}

/** While the next page loads: a bar along the top and a veil, after a short delay so quick moves do not flicker. */
export function RouteChangeOverlay() {
  const navigation = useNavigation();
  const t = useT();
  const loading = navigation.state === 'loading';
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!loading) return setShown(false);
    const timer = setTimeout(() => setShown(true), 150);
    return () => clearTimeout(timer);
  }, [loading]);
  return (
    <>
      <div role="status" className="sr-only">
        {shown ? t('loadingPage', 'Loading page…') : ''}
      </div>
      {shown ? (
        <div aria-hidden="true" data-testid="route-change-overlay" className="pointer-events-none fixed inset-0 z-[60] bg-white/40">
          <div className="route-progress h-1 bg-brand" />
        </div>
      ) : null}
    </>
  );
}

/**
 * Pages with a bar of their own along the bottom of a phone's screen (a listing's contact bar, the
 * listing form's Previous / Next), and the checkout, whose Pay button it must never cover: the app
 * bar gives them its place. The one rule the bars follow. The admin console is a place of work:
 * the bar never covers its tables.
 */
export function hasOwnBottomBar(pathname: string): boolean {
  return (
    pathname.startsWith('/properties-details/') || pathname === '/user/properties' || pathname.startsWith('/user/edit-property/') || pathname.startsWith('/subscription-plan/checkout/') ||
    pathname === '/admin' ||
    pathname.startsWith('/admin/')
  );
}

/**
 * The closable bar inviting phone users to the mobile apps, when the operator has set their store
 * ids. Sticky, not fixed: it follows the bottom of the screen but is the last thing on the page,
 * so scrolled to the end it sits under the footer, never over it, whatever its height in a
 * language.
 */
export function DownloadAppBar() {
  const site = useSite();
  const t = useT();
  const { pathname } = useLocation();
  const [closed, setClosed] = useState(false);
  const apps = site?.apps;
  if (!apps || (!apps.appStore && !apps.playStore) || closed || hasOwnBottomBar(pathname)) return null;
  const close = () => {
    try {
      localStorage.setItem(APP_BAR_CLOSED_KEY, '1');
    } catch {
      // Private mode: closed for this page view only.
    }
    document.documentElement.classList.add('app-bar-closed');
    setClosed(true);
  };
  const link = 'rounded-md bg-white px-3 py-1.5 text-sm font-medium text-brand-dark hover:bg-brand-light';
  return (
    <aside
      aria-label={t('getTheApp', 'Get the app')}
      className="app-bar sticky bottom-0 z-40 border-t border-brand-dark bg-brand-dark text-white md:hidden"
    >
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3">
        <p className="flex-1 text-sm">{t('getTheAppText', 'Search faster and get alerts with our app.')}</p>
        {apps.playStore ? (
          <a href={`https://play.google.com/store/apps/details?id=${encodeURIComponent(apps.playStore)}`} className={link} rel="noopener">
            {t('googlePlay', 'Google Play')}
          </a>
        ) : null}
        {apps.appStore ? (
          <a href={`https://apps.apple.com/app/id${encodeURIComponent(apps.appStore)}`} className={link} rel="noopener">
            {t('appStore', 'App Store')}
          </a>
        ) : null}
        <button type="button" onClick={close} aria-label={t('closeAppBar', 'Close the app invitation')} className="rounded p-1 text-xl leading-none">
          ×
        </button>
      </div>
    </aside>
  );
}
