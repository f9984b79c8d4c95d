import type { Agent } from '@estate/core';
import { useT } from '../lib/i18n.ts';
import { AppLink } from './AppLink.tsx';

/** An agent (or the platform itself) with verification and listing counts, opening their page. */
export function AgentCard({ agent, headingLevel = 3 }: { agent: Agent; headingLevel?: 2 | 3 }) {
  const t = useT();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="relative flex h-full items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 transition hover:shadow-md">
      {agent.profile ? <img src={agent.profile} alt="" loading="lazy" width={56} height={56} className={`h-14 w-14 shrink-0 rounded-full bg-slate-100 ${agent.is_admin ? 'object-contain p-1' : 'object-cover'}`} /> : null}
      <div className="min-w-0 flex-1">
        {/* Names wrap to two lines; the rare longer one ends in "…" with the whole name in its tooltip. */}
        <Heading className="line-clamp-2 font-semibold leading-snug wrap-break-word">
          <AppLink to={`/agent-details/${agent.slug_id}`} title={agent.name ?? undefined} className="after:absolute after:inset-0 hover:underline">
            {agent.name}
          </AppLink>
        </Heading>
        {agent.is_verified ? <p className="text-xs font-medium text-brand-dark">✓ {t('verified', 'Verified')}</p> : null}
        {agent.city ? <p className="text-sm text-slate-600">{agent.city}</p> : null}
        <p className="text-sm text-slate-600">
          {`${t.count(agent.property_count, 'listingCount', '{count} listing', '{count} listings')} · ${t.count(agent.projects_count, 'projectCount', '{count} project', '{count} projects')}`}
        </p>
      </div>
    </article>
  );
}
