import type { ReactNode } from 'react';

/** A console page's heading, its one-line purpose and its actions. */
export function AdminPage({ title, lead, actions, children }: { title: string; lead?: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby="admin-page-title" className="min-w-0">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 id="admin-page-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {title}
          </h1>
          {lead && <p className="mt-1 text-slate-700">{lead}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      <div className="mt-6">{children}</div>
    </section>
  );
}
