import type { VerificationField } from '@estate/core';

/** One answer per field as the form holds it: text, chosen options, or a file. */
export type Answer = string | string[] | File | null;

/**
 * The multipart body of `apply-agent-verification` (`form_fields[i][id]`, `form_fields[i][value]`,
 * a checkbox's options joined by commas), or the first required field left empty.
 */
export function verificationBody(fields: VerificationField[], answers: Record<number, Answer>): { body: FormData } | { missing: VerificationField } {
  const missing = fields.find((f) => f.is_required && isEmpty(answers[f.id]));
  if (missing) return { missing };
  const body = new FormData();
  let i = 0;
  for (const f of fields) {
    const a = answers[f.id];
    if (isEmpty(a)) continue;
    body.append(`form_fields[${i}][id]`, String(f.id));
    if (a instanceof File) body.append(`form_fields[${i}][value]`, a, a.name);
    else body.append(`form_fields[${i}][value]`, Array.isArray(a) ? a.join(',') : String(a).trim());
    i += 1;
  }
  return { body };
}

function isEmpty(a: Answer | undefined): boolean {
  return a === null || a === undefined || (typeof a === 'string' && a.trim() === '') || (Array.isArray(a) && a.length === 0);
}
