/** What the report dialog sends: a stored reason, or "other" (reason_id 0) with its text. */
export type ReportChoice = { reasonId: number | 'other' | null; otherMessage: string };

export const OTHER_MAX = 1000;

/** The body of `add_reports`, or the key of what is missing. */
export function reportBody(propertyId: number, choice: ReportChoice): { body: { property_id: number; reason_id: number; other_message?: string } } | { missing: 'reason' | 'other' } {
  if (choice.reasonId === null) return { missing: 'reason' };
  if (choice.reasonId === 'other') {
    const text = choice.otherMessage.trim();
    if (!text) return { missing: 'other' };
    return { body: { property_id: propertyId, reason_id: 0, other_message: text.slice(0, OTHER_MAX) } };
  }
  return { body: { property_id: propertyId, reason_id: choice.reasonId } };
}
