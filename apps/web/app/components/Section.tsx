import type { ReactNode } from 'react';

/** A titled part of a page: its heading names the section for assistive technology. */
export function Section({ id, title, action, className = 'mt-14', children }: { id: string; title: string; action?: ReactNode; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={className}>
      <div className="mb-5 flex flex-wrap items-end justify-between gap-2">
        <h2 id={id} className="text-2xl font-bold tracking-tight">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
