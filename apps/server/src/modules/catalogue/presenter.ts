import type { CategoryRef } from '@estate/core';
import { mediaUrl } from '../../platform/media.ts';

/** The `category {id, category, image, slug_id}` nested in listings and projects. */
export function toCategoryRef(row: { category_id: number; category_name: string | null; category_image: string | null; category_slug_id: string | null }, origin: string): CategoryRef | null {
  return row.category_slug_id ? { id: row.category_id, category: row.category_name ?? '', image: mediaUrl(origin, row.category_image), slug_id: row.category_slug_id } : null;
}
