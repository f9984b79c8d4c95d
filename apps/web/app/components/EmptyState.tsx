import type { ReactNode } from 'react';

/** What a list says when it has nothing to show. */
export function EmptyState({ children, className = 'mt-6' }: { children: ReactNode; className?: string }) {
  return <p className={`${className} rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center`.trim()}>{children}</p>;
}
