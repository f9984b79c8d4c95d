import type { Route } from './+types/agents';
import { AgentCard } from '../components/AgentCard.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { api } from '../lib/api.ts';
import { useT } from '../lib/i18n.ts';
import { listMeta, siteFromMatches } from '../lib/meta.ts';
import { pageHref, pageNumber, pageQuery } from '../lib/paging.ts';
import { EmptyState } from '../components/EmptyState.tsx';

const PAGE_SIZE = 12;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const page = pageNumber(url);
  const { items, total } = await api.agents({ request, context }, pageQuery(page, PAGE_SIZE));
  return { page, items, total };
}

export function meta({ matches }: Route.MetaArgs) {
  const { site, t } = siteFromMatches(matches);
  return listMeta(site, t('agents', 'Agents'), t('agentsDescription', 'Property agents and developers, verified ones first, with their listings and projects.'));
}

export default function Agents({ loaderData }: Route.ComponentProps) {
  const { page, items, total } = loaderData;
  const t = useT();
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight">{t('agents', 'Agents')}</h1>
      <p className="mt-2 text-slate-700">{t('agentsLead', 'Verified agents are checked by our team before they get their badge.')}</p>
      {items.length ? (
        <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((agent) => (
            <li key={`${agent.is_admin ? 'admin' : 'agent'}-${agent.id}`}>
              <AgentCard agent={agent} headingLevel={2} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState>{t('noAgents', 'No agents yet.')}</EmptyState>
      )}
      <Pagination page={page} total={total} pageSize={PAGE_SIZE} href={(n) => pageHref('/agents', n)} />
    </>
  );
}
