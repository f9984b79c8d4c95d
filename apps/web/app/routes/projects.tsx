import type { Route } from './+types/projects';
import { Pagination } from '../components/Pagination.tsx';
import { ProjectTeaser, TeaserGrid } from '../components/Teaser.tsx';
import { api } from '../lib/api.ts';
import { useT } from '../lib/i18n.ts';
import { listMeta, siteFromMatches } from '../lib/meta.ts';
import { pageHref, pageNumber, pageQuery } from '../lib/paging.ts';
import { EmptyState } from '../components/EmptyState.tsx';

const PAGE_SIZE = 12;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const page = pageNumber(url);
  const { items, total } = await api.projects({ request, context }, pageQuery(page, PAGE_SIZE));
  return { page, items, total };
}

export function meta({ matches }: Route.MetaArgs) {
  const { site, t } = siteFromMatches(matches);
  return listMeta(site, t('projects', 'Projects'), t('projectsDescription', 'New-build and upcoming residential and commercial projects from developers and agents.'));
}

export default function Projects({ loaderData }: Route.ComponentProps) {
  const { page, items, total } = loaderData;
  const t = useT();
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight">{t('projects', 'Projects')}</h1>
      <p className="mt-2 text-slate-700">
        {t.count(total, 'projectsFound', '{count} project', '{count} projects')}
      </p>
      {items.length ? (
        <div className="mt-6">
          <TeaserGrid>
            {items.map((p) => (
              <ProjectTeaser key={p.id} project={p} />
            ))}
          </TeaserGrid>
        </div>
      ) : (
        <EmptyState>{t('noProjects', 'No projects yet.')}</EmptyState>
      )}
      <Pagination page={page} total={total} pageSize={PAGE_SIZE} href={(n) => pageHref('/projects', n)} />
    </>
  );
}
