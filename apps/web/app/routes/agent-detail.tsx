import { stripHtml, truncate } from '@estate/core';
import type { Route } from './+types/agent-detail';
import { Breadcrumb } from '../components/Breadcrumb.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { CardGrid } from '../components/PropertyCard.tsx';
import { Section } from '../components/Section.tsx';
import { ProjectTeaser, TeaserGrid } from '../components/Teaser.tsx';
import { api } from '../lib/api.ts';
import { paragraphs, placeLine } from '../lib/format.ts';
import { useT } from '../lib/i18n.ts';
import { detailMeta, siteFromMatches } from '../lib/meta.ts';
import { orNotFound } from '../lib/not-found.ts';
import { pageHref, pageNumber, pageQuery } from '../lib/paging.ts';
import { EmptyState } from '../components/EmptyState.tsx';

const PAGE_SIZE = 12;

export async function loader({ request, url, context, params }: Route.LoaderArgs) {
  const caller = { request, context };
  // Properties and projects page separately: ?page= and ?projects_page=.
  const page = pageNumber(url);
  const projectsPage = pageNumber(new URL(`?page=${url.searchParams.get('projects_page') ?? ''}`, url));
  const [withProperties, withProjects] = await Promise.all([
    orNotFound(api.agent(caller, params.slug, pageQuery(page, PAGE_SIZE))),
    orNotFound(api.agent(caller, params.slug, { ...pageQuery(projectsPage, PAGE_SIZE), projects: true })),
  ]);
  return {
    agent: withProperties.agent,
    properties: withProperties.properties,
    propertiesTotal: withProperties.total,
    page,
    projects: withProjects.projects,
    projectsTotal: withProjects.total,
    projectsPage,
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const { site, t } = siteFromMatches(matches);
  if (!loaderData) return [];
  const a = loaderData.agent;
  const name = a.name ?? t('agent', 'Agent');
  const description = a.about_me
    ? truncate(stripHtml(a.about_me), 160)
    : `${name}: ${t.count(a.property_count, 'listingCount', '{count} listing', '{count} listings')}, ${t.count(a.projects_count, 'projectCount', '{count} project', '{count} projects')}${a.city ? ` · ${a.city}` : ''}`;
  return detailMeta({
    site,
    path: `/agent-details/${a.slug_id}`,
    title: name,
    description,
    image: a.profile,
    ogType: 'profile',
    jsonLd: {
      '@type': 'RealEstateAgent',
      name,
      description,
      ...(a.profile ? { image: a.profile } : {}),
      ...(a.email ? { email: a.email } : {}),
      ...(a.mobile ? { telephone: a.mobile } : {}),
      ...(a.city ? { address: { '@type': 'PostalAddress', streetAddress: a.address, addressLocality: a.city, addressRegion: a.state, addressCountry: a.country } } : {}),
    },
  });
}

export default function AgentDetail({ loaderData }: Route.ComponentProps) {
  const { agent: a, properties, propertiesTotal, page, projects, projectsTotal, projectsPage } = loaderData;
  const t = useT();
  const base = `/agent-details/${a.slug_id}`;
  // Each list's links keep the other list on the page it was.
  const propertiesHref = (n: number) => `${pageHref(base, n, projectsPage > 1 ? { projects_page: String(projectsPage) } : {})}#properties`;
  const projectsHref = (n: number) => {
    const params: Record<string, string> = page > 1 ? { page: String(page) } : {};
    if (n > 1) params.projects_page = String(n);
    return `${pageHref(base, 1, params)}#projects`;
  };
  const place = placeLine([a.address, a.city, a.state]);
  return (
    <>
      <Breadcrumb trail={[{ to: '/agents', label: t('agents', 'Agents') }]} />
      <header className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-6 sm:flex-row sm:items-center">
        {a.profile ? <img src={a.profile} alt="" width={112} height={112} className={`h-28 w-28 shrink-0 rounded-full bg-slate-100 ${a.is_admin ? 'object-contain p-2' : 'object-cover'}`} /> : null}
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold sm:text-3xl">{a.name}</h1>
          {a.is_verified ? <p className="mt-1 font-medium text-brand-dark">✓ {t('verifiedAgent', 'Verified agent')}</p> : null}
          {place ? <p className="mt-1 text-slate-600">{place}</p> : null}
          <p className="mt-1 text-slate-700">
            {`${t.count(a.property_count, 'listingCount', '{count} listing', '{count} listings')} · ${t.count(a.projects_count, 'projectCount', '{count} project', '{count} projects')}`}
          </p>
          {a.about_me ? (
            <div className="mt-3 space-y-2 text-slate-800">
              {paragraphs(a.about_me).map((text, i) => (
                <p key={i}>{text}</p>
              ))}
            </div>
          ) : null}
        </div>
        <ul className="flex shrink-0 flex-col gap-2 text-sm sm:w-64">
          {a.mobile ? (
            <li>
              <a href={`tel:${a.mobile.replace(/\s+/g, '')}`} className="block rounded-lg bg-brand px-4 py-2 text-center font-semibold text-white hover:bg-brand-dark">
                {t('call', 'Call')} <span dir="ltr">{a.mobile}</span>
              </a>
            </li>
          ) : null}
          {a.email ? (
            <li>
              <a href={`mailto:${a.email}`} className="block break-all rounded-lg border border-slate-300 px-4 py-2 text-center font-medium hover:bg-slate-50">
                {a.email}
              </a>
            </li>
          ) : null}
        </ul>
      </header>

      <Section id="properties" title={`${t('properties', 'Properties')} (${propertiesTotal})`} className="mt-10">
        {properties.length ? (
          <CardGrid cards={properties} />
        ) : (
          <EmptyState className="">{t('agentNoProperties', 'No properties listed at the moment.')}</EmptyState>
        )}
        <Pagination page={page} total={propertiesTotal} pageSize={PAGE_SIZE} href={propertiesHref} />
      </Section>

      {projectsTotal ? (
        <Section id="projects" title={`${t('projects', 'Projects')} (${projectsTotal})`}>
          <TeaserGrid>
            {projects.map((p) => (
              <ProjectTeaser key={p.id} project={p} />
            ))}
          </TeaserGrid>
          <Pagination page={projectsPage} total={projectsTotal} pageSize={PAGE_SIZE} href={projectsHref} />
        </Section>
      ) : null}
    </>
  );
}
