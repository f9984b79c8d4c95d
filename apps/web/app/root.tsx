import { isSuffixEnabled } from '@estate/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { data, isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { AppLink, AppLinkNavigation } from './components/AppLink.tsx';
import { CHROME_BOOT_SCRIPT, DownloadAppBar, LoadingScreen, RouteChangeOverlay } from './components/Chrome.tsx';
import { Toaster } from './components/Toaster.tsx';
import type { MapTiles } from './features/map/map-style.ts';
import { FavouritesProvider } from './features/favourites/favourites-context.tsx';
import { UserMenu } from './components/UserMenu.tsx';
import { LANG_COOKIE, cookieValue } from './lib/language.ts';
import { api } from './lib/api.ts';
import { setNavigator } from './lib/client.ts';
import { useSession } from './lib/session.ts';
import { useFinishSignOut } from './lib/sign-out.ts';
import { keepTexts, loadTexts, textsUrl, useSite, useT } from './lib/i18n.ts';
import { useNonce } from './lib/nonce.ts';
import { ZOD_JITLESS_SCRIPT } from './lib/zod-jitless.ts';
import { makeQueryClient } from './lib/query.ts';
import { sameFor } from './lib/same-for.ts';
import { reshapeTextWhenFontsArrive } from './lib/fonts.ts';


/**
 * The site's stylesheet as a React resource (`precedence`): React writes it at the top of the
 * head, before the scripts it preloads. As a plain link it came after some twenty-five
 * `modulepreload`s, and a phone on HTTP/1.1 (six connections) fetched them first, so the first
 * paint waited on JavaScript it does not need (Lighthouse mobile, issue 12).
 */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet, precedence: 'default' }];

function mapTilesOf(config: Route.LoaderArgs['context']['publicConfig']): MapTiles | null {
  if (config?.mapTileUrl) return { kind: 'raster', url: config.mapTileUrl, attribution: config.mapTileAttribution ?? '' };
  if (config?.mapStyleUrl) return { kind: 'style', url: config.mapStyleUrl, attribution: config.mapStyleAttribution ?? '' };
  return null;
}

/** The root's answers, one object for the same answers, language, origin and settings. */
const rootData = sameFor();
/** A language without a dictionary: English, the fallback text itself. */
const NO_TEXTS = {};

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const settings = await api.webSettings({ request, context });
  const languages = settings.languages.map(({ code, name, rtl }) => ({ code, name, rtl }));
  const known = (code: string | null | undefined): code is string => !!code && languages.some((l) => l.code === code);
  const asked = url.searchParams.get('lang');
  const lang = [asked, cookieValue(request, LANG_COOKIE), settings.default_language, 'en'].find(known) ?? 'en';
  // English is the fallback text itself, so a missing dictionary still renders every page.
  const language = await api.language({ request, context }, lang).catch(() => null);
  const headers = new Headers();
  if (known(asked)) headers.append('Set-Cookie', `${LANG_COOKIE}=${asked}; Path=/; Max-Age=31536000; SameSite=Lax`);
  // The server's configured origin: a request's Host (or a `//host/path` URL) may be forged.
  const origin = context.origin ?? url.origin;
  // The language's visitor texts travel as their own cached script, not in every page (lib/i18n.ts).
  const texts = keepTexts(lang, language?.file_name ?? NO_TEXTS);
  // The same object for the same kept answers, so that its hand-over to the browser is encoded once (lib/same-for.ts).
  const site = rootData([settings, language, lang, origin, texts, context.publicConfig], () => ({
    origin,
    lang,
    dir: language?.rtl ? ('rtl' as const) : ('ltr' as const),
    languages,
    texts,
    company: {
      name: settings.company_name,
      email: settings.company_email,
      phone: settings.company_tel1,
      address: settings.company_address,
      logo: settings.web_logo,
      favicon: settings.favicon_icon,
      color: settings.system_color,
    },
    apps: { appStore: settings.appstore_id, playStore: settings.playstore_id },
    // Maintenance mode: visitors and users see the maintenance page; administrators work on.
    maintenance: settings.web_maintenance_mode === '1',
    distanceUnit: settings.distance_option,
    // The Web Push application server key (spec §4 Push); empty turns push off.
    pushKey: settings.vapid_public_key,
    currency: {
      symbol: settings.currency_symbol,
      code: settings.selected_currency_data.code,
      withSuffix: isSuffixEnabled(settings.number_with_suffix),
    },
    // The street map under the markers: raster tiles (MAP_TILE_URL) win over a style (MAP_STYLE_URL);
    // with neither, maps draw the bundled land outline.
    mapTiles: mapTilesOf(context.publicConfig),
    // "Continue with Google" shows only when the operator set GOOGLE_CLIENT_ID.
    google:
      context.publicConfig?.googleClientId && context.publicConfig.googleAuthUrl
        ? { clientId: context.publicConfig.googleClientId, authUrl: context.publicConfig.googleAuthUrl }
        : null,
  }));
  return data(site, { headers });
}

/** A client navigation that changes the language (a `?lang=` link) fetches the new texts first. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const site = await serverLoader();
  await loadTexts(site.texts);
  return site;
}

function Header() {
  const site = useSite();
  const t = useT();
  const location = useLocation();
  const session = useSession();
  const menu = useRef<HTMLDetailsElement>(null);
  // A chosen link closes the phone menu; hydrating does not (a visitor may have opened it already).
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    if (menu.current) menu.current.open = false;
  }, [location.pathname]);
  const mainLinks = [
    { to: '/', label: t('home', 'Home') },
    { to: '/properties', label: t('properties', 'Properties') },
    { to: '/projects', label: t('projects', 'Projects') },
    { to: '/articles', label: t('articles', 'Articles') },
    { to: '/agents', label: t('agents', 'Agents') },
  ];
  // As NavLink marks them (`end` for home, letter case ignored), without its hooks in each of the ten links.
  const here = location.pathname.toLowerCase();
  const isActive = (to: string) => (to === '/' ? here === '/' : here === to || here.startsWith(`${to}/`));
  const navClass = (to: string) => `rounded-md px-2 py-2 text-sm font-medium sm:px-3 ${isActive(to) ? 'bg-brand-light text-brand-dark' : 'text-slate-700 hover:bg-slate-100'}`;
  return (
    <header className="relative border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-3 sm:gap-3">
        {/* The logo is never squeezed or cropped: the row's gaps tighten on phones instead. */}
        <AppLink to="/" className="flex shrink-0 items-center gap-2 font-semibold text-brand-dark">
          {/* The logo artwork spells the company name, so it stands in for the text. */}
          {site?.company.logo ? (
            <img src={site.company.logo} alt={site.company.name} width={150} height={40} className="h-9 w-auto max-w-none sm:h-10" />
          ) : (
            <span className="text-lg">{site?.company.name}</span>
          )}
        </AppLink>
        {/* Wide screens: the links in a row. */}
        <nav aria-label={t('mainNavigation', 'Main')} className="hidden lg:block">
          <ul className="flex gap-1">
            {mainLinks.map((link) => (
              <li key={link.to}>
                <AppLink to={link.to} aria-current={isActive(link.to) ? 'page' : undefined} className={navClass(link.to)}>
                  {link.label}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ms-auto flex min-w-0 items-center gap-1 sm:gap-2 lg:ms-0">
          <UserMenu />
          {/* Phones and tablets: a disclosure that works without scripts too. */}
          <details ref={menu} className="group lg:hidden">
            <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md border border-slate-300 px-2.5 py-2 sm:px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
                <path d="M3 5h14v2H3zM3 9h14v2H3zM3 13h14v2H3z" className="group-open:hidden" />
                <path d="M5.3 4 10 8.6 14.7 4 16 5.3 11.4 10l4.6 4.7-1.3 1.3-4.7-4.6L5.3 16 4 14.7 8.6 10 4 5.3z" className="hidden group-open:block" />
              </svg>
              {t('menu', 'Menu')}
            </summary>
            <div className="absolute inset-x-0 z-40 mt-3 border-b border-slate-200 bg-white px-4 pb-4 shadow-lg">
              <div className="mx-auto grid max-w-6xl gap-4">
                <nav aria-label={t('mainNavigation', 'Main')}>
                  <ul className="grid gap-1">
                    {mainLinks.map((link) => (
                      <li key={link.to}>
                        <AppLink to={link.to} aria-current={isActive(link.to) ? 'page' : undefined} className={`block ${navClass(link.to)}`}>
                          {link.label}
                        </AppLink>
                      </li>
                    ))}
                  </ul>
                </nav>
                {/* The header row has room for it from 640 px (components/UserMenu.tsx). */}
                {session ? null : (
                  <AppLink to="/signup" className="rounded-md bg-brand px-3 py-2 text-center text-sm font-medium text-white hover:bg-brand-dark sm:hidden">
                    {t('signup', 'Sign up')}
                  </AppLink>
                )}
                <LanguageLinks tone="light" />
              </div>
            </div>
          </details>
        </div>
      </div>
    </header>
  );
}

/** Each language's name in its own script, keeping the page and its search; `tone` matches the background. */
function LanguageLinks({ tone }: { tone: 'dark' | 'light' }) {
  const site = useSite();
  const location = useLocation();
  const t = useT();
  if (!site || site.languages.length < 2) return null;
  const style = {
    dark: { current: 'font-semibold text-white', other: 'text-slate-300 underline hover:text-white' },
    light: {
      current: 'block rounded-md bg-brand-light px-3 py-2 text-sm font-semibold text-brand-dark',
      other: 'block rounded-md px-3 py-2 text-sm text-slate-700 underline underline-offset-4 hover:bg-slate-100',
    },
  }[tone];
  return (
    <nav aria-label={t('language', 'Language')}>
      <ul className={tone === 'light' ? 'flex flex-wrap gap-1 border-t border-slate-200 pt-3' : 'flex flex-wrap gap-3'}>
        {site.languages.map((l) => {
          const params = new URLSearchParams(location.search);
          params.set('lang', l.code);
          return (
            <li key={l.code}>
              <a
                href={`${location.pathname}?${params}`}
                lang={l.code}
                aria-current={l.code === site.lang ? 'true' : undefined}
                className={l.code === site.lang ? style.current : style.other}
              >
                {l.name}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function FooterLinks() {
  const t = useT();
  const links = [
    { to: '/cities', label: t('cities', 'Cities') },
    { to: '/faqs', label: t('faqs', 'FAQs') },
    { to: '/subscription-plan', label: t('plansTitle', 'Plans and pricing') },
    { to: '/contact-us', label: t('contactUs', 'Contact us') },
    { to: '/about-us', label: t('aboutUs', 'About us') },
    { to: '/terms-and-conditions', label: t('termsConditions', 'Terms and conditions') },
    { to: '/privacy-policy', label: t('privacyPolicy', 'Privacy policy') },
  ];
  return (
    <nav aria-label={t('footerNavigation', 'Site')} className="text-sm leading-7">
      <ul className="grid grid-cols-2 gap-x-4 sm:grid-cols-1">
        {links.map((link) => (
          <li key={link.to}>
            <AppLink to={link.to} className="underline-offset-4 hover:text-white hover:underline">
              {link.label}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Footer() {
  const site = useSite();
  const t = useT();
  if (!site) return null;
  const { company } = site;
  return (
    <footer className="mt-16 bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:grid-cols-2 lg:grid-cols-3">
        <div>
          <p className="text-lg font-semibold text-white">{company.name}</p>
          <address className="mt-2 not-italic text-sm leading-6 text-slate-300">{company.address}</address>
        </div>
        <FooterLinks />
        <div className="text-sm leading-7">
          <p className="font-semibold text-white">{t('contactUs', 'Contact us')}</p>
          {company.phone ? (
            <p>
              <a href={`tel:${company.phone.replace(/\s+/g, '')}`} dir="ltr" className="underline hover:text-white">
                {company.phone}
              </a>
            </p>
          ) : null}
          {company.email ? (
            <p>
              <a href={`mailto:${company.email}`} className="underline hover:text-white">
                {company.email}
              </a>
            </p>
          ) : null}
          <div className="mt-4">
            <LanguageLinks tone="dark" />
          </div>
        </div>
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-xs text-slate-400">
        © {new Date().getFullYear()} {company.name}
      </p>
    </footer>
  );
}

/** Pages that stay open in maintenance mode: logging in (so an administrator can) and the console. */
const OPEN_IN_MAINTENANCE = /^\/(admin|login|forgot-password|auth\/google)(\/|$)/;
const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/**
 * The operator's site colour (settings' system_color) as the brand colour every page paints with,
 * with a darker and a lighter shade mixed from it. Only a #rrggbb value is written into the CSS.
 */
function brandStyle(color: string | undefined): string | null {
  if (!color || !HEX_COLOUR.test(color) || color.toLowerCase() === '#0f766e') return null;
  return `:root{--color-brand:${color};--color-brand-dark:color-mix(in srgb,${color} 78%,#000);--color-brand-light:color-mix(in srgb,${color} 18%,#fff)}`;
}

function MaintenancePage() {
  const t = useT();
  const site = useSite();
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <title>{t('maintenanceTitle', 'We will be back soon')}</title>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="mx-auto size-14 text-brand" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
        <path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18v3h3l6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z" />
      </svg>
      <h1 className="mt-4 text-2xl font-semibold">{t('maintenanceTitle', 'We will be back soon')}</h1>
      <p className="mt-2 text-slate-700">{t('maintenanceText', '{company} is being updated. Please come back in a little while.').replace('{company}', site?.company.name ?? '')}</p>
      {site?.company.email ? (
        <p className="mt-4 text-sm text-slate-700">
          {t('maintenanceContact', 'Need help meanwhile? Write to')}{' '}
          <a href={`mailto:${site.company.email}`} className="font-medium text-brand-dark underline">
            {site.company.email}
          </a>
        </p>
      ) : null}
    </div>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const site = useSite();
  const t = useT();
  const nonce = useNonce();
  const location = useLocation();
  const session = useSession();
  const brand = brandStyle(site?.company.color);
  // The server renders the maintenance page (it does not know the session); an administrator's
  // browser then shows the page itself.
  const closed = !!site?.maintenance && session?.data.role !== 'admin' && !OPEN_IN_MAINTENANCE.test(location.pathname);
  return (
    // The boot script may add classes to <html> before React hydrates it.
    <html lang={site?.lang ?? 'en'} dir={site?.dir ?? 'ltr'} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        {/* Browsers hide a nonce from the page once it is applied, so it is not hydrated. */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: ZOD_JITLESS_SCRIPT + CHROME_BOOT_SCRIPT }} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={site?.company.color ?? '#0f766e'} />
        {site?.company.favicon ? <link rel="icon" href={site.company.favicon} /> : null}
        {brand ? <style nonce={nonce} dangerouslySetInnerHTML={{ __html: brand }} /> : null}
        {/* The language's texts, kept by the browser across pages; run before the app hydrates (entry.client). */}
        {site ? <script src={textsUrl(site.texts)} defer data-lang={site.texts.lang} data-version={site.texts.version} /> : null}
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-brand-dark focus:shadow"
        >
          {t('skipToContent', 'Skip to main content')}
        </a>
        <Header />
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 focus:outline-none">
          {closed ? <MaintenancePage /> : children}
        </main>
        <Footer />
        <DownloadAppBar />
        <RouteChangeOverlay />
        <AppLinkNavigation />
        <Toaster />
        <LoadingScreen />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const navigate = useNavigate();
  const [queryClient] = useState(makeQueryClient);
  useFinishSignOut();
  useEffect(() => {
    setNavigator((to) => void navigate(to));
    // Journeys and scripts can tell when the page has become interactive.
    document.documentElement.dataset.hydrated = '';
  }, [navigate]);
  useEffect(reshapeTextWhenFontsArrive, []);
  return (
    <QueryClientProvider client={queryClient}>
      <FavouritesProvider>
        <Outlet />
      </FavouritesProvider>
    </QueryClientProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <div className="py-16 text-center">
        <title>{t('pageNotFound', 'Page not found')}</title>
        <p className="text-5xl font-bold text-brand">404</p>
        <h1 className="mt-4 text-2xl font-semibold">{t('pageNotFound', 'Page not found')}</h1>
        <p className="mt-2 text-slate-600">{t('pageNotFoundText', 'The page you are looking for does not exist or has moved.')}</p>
        <Link to="/" className="mt-6 inline-block rounded-md bg-brand px-5 py-2.5 font-medium text-white hover:bg-brand-dark">
          {t('backHome', 'Go to the home page')}
        </Link>
      </div>
    );
  }
  if (import.meta.env.DEV && error instanceof Error) console.error(error);
  return (
    <div className="py-16 text-center">
      <title>{t('somethingWentWrong', 'Something went wrong')}</title>
      <h1 className="text-2xl font-semibold">{t('somethingWentWrong', 'Something went wrong')}</h1>
      <p className="mt-2 text-slate-600">{t('unexpectedError', 'An unexpected error occurred. Please try refreshing the page.')}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-6 rounded-md bg-brand px-5 py-2.5 font-medium text-white hover:bg-brand-dark"
      >
        {t('refreshPage', 'Refresh Page')}
      </button>
    </div>
  );
}
