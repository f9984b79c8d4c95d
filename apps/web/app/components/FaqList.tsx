import type { Faq } from '@estate/core';
import { paragraphs } from '../lib/format.ts';

/** Questions as disclosures: each answer opens under its question, by keyboard or pointer. */
export function FaqList({ faqs }: { faqs: Faq[] }) {
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {faqs.map((f) => (
        <details key={f.id} className="group p-4">
          <summary className="cursor-pointer font-semibold marker:text-brand">{f.question}</summary>
          <div className="mt-2 space-y-2 text-slate-700">
            {paragraphs(f.answer).map((text, i) => (
              <p key={i}>{text}</p>
            ))}
          </div>
        </details>
      ))}
    </div>
  );
}
