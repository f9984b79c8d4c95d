import type { ReactNode } from "react";
import { paragraphs } from "../lib/format.ts";

/** A titled part of a detail page, named for assistive technology by its heading. */
export function DetailSection({
  id,
  title,
  children,
  spaced = false,
}: {
  id: string;
  title: string;
  children: ReactNode;
  spaced?: boolean;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={`text-xl font-bold ${spaced ? "mb-3" : ""}`}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A description that may hold simple HTML, as plain paragraphs. */
export function Description({ text }: { text: string }) {
  return (
    <div className="mt-3 space-y-3 leading-7 text-slate-800">
      {paragraphs(text).map((p, i) => (
        // Each paragraph takes the direction of its own text: an English description on an Arabic
        // page keeps its full stop at the end.
        <p key={i} dir="auto">
          {p}
        </p>
      ))}
    </div>
  );
}
