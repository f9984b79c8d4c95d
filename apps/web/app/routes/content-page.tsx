import { data } from 'react-router';
import type { Route } from './+types/content-page';
import { RichText } from '../components/RichText.tsx';
import { api } from '../lib/api.ts';
import type { Translate } from '../lib/i18n.ts';
import { useT } from '../lib/i18n.ts';
import { absoluteUrl, pageTitle, siteFromMatches } from '../lib/meta.ts';

/** The operator's pages: each path shows one HTML field of the settings. */
const PAGES = {
  '/about-us': { field: 'about_us', title: ['aboutUs', 'About us'] },
  '/terms-and-conditions': { field: 'terms_conditions', title: ['termsConditions', 'Terms and conditions'] },
  '/privacy-policy': { field: 'privacy_policy', title: ['privacyPolicy', 'Privacy policy'] },
} as const;
type PagePath = keyof typeof PAGES;

const isPagePath = (path: string): path is PagePath => path in PAGES;
const titleOf = (path: PagePath, t: Translate) => {
  const [key, fallback] = PAGES[path].title;
  return t(key, fallback);
};

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const path = url.pathname.replace(/\/$/, '');
  if (!isPagePath(path)) throw data(null, { status: 404 });
  const settings = await api.webSettings({ request, context });
  return { path, html: settings[PAGES[path].field] };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const { site, t } = siteFromMatches(matches);
  if (!loaderData) return [];
  const title = titleOf(loaderData.path, t);
  return [
    { title: pageTitle(title, site) },
    { name: 'description', content: `${title} · ${site?.company.name ?? ''}` },
    { tagName: 'link', rel: 'canonical', href: absoluteUrl(loaderData.path, site) },
  ];
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const title = titleOf(loaderData.path, t);
  return (
    <article className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {loaderData.html.trim() ? (
        <RichText html={loaderData.html} className="mt-6" />
      ) : (
        <p className="mt-6 text-slate-700">{t('pageEmpty', 'This page has no content yet.')}</p>
      )}
    </article>
  );
}
