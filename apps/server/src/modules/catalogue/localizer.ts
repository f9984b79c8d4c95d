import type { PropertyCard } from '@estate/core';
import type { Translations } from '../../db/schema/index.ts';

/** A row's text of `field` in `lang`, else its own. */
export function translated(translations: Translations | null | undefined, lang: string, field: string, own: string): string {
  const text = translations?.[lang]?.[field];
  return typeof text === 'string' && text.trim() !== '' ? text : own;
}

export interface CatalogueTranslations {
  categories: Map<number, Translations>;
  parameters: Map<number, Translations>;
  facilities: Map<number, Translations>;
}

/** The catalogue's names (categories, parameters, facilities) in one language, for presenters. */
export class Localizer {
  constructor(
    readonly lang: string,
    private readonly names: CatalogueTranslations,
  ) {}

  /** Names the same as `other` does: the same language and the same loaded translations. */
  namesAs(other: Localizer): boolean {
    return this.lang === other.lang && this.names === other.names;
  }

  category(id: number, own: string): string {
    return translated(this.names.categories.get(id), this.lang, 'category', own);
  }

  parameter(id: number, own: string): string {
    return translated(this.names.parameters.get(id), this.lang, 'name', own);
  }

  facility(id: number, own: string): string {
    return translated(this.names.facilities.get(id), this.lang, 'name', own);
  }

  /** A listing card (or detail) with its category, parameter and facility names in this language. */
  card<T extends Pick<PropertyCard, 'category' | 'assign_facilities'> & { parameters: { id: number; name: string }[] }>(card: T): T {
    return {
      ...card,
      category: card.category ? { ...card.category, category: this.category(card.category.id, card.category.category) } : null,
      parameters: card.parameters.map((p) => ({ ...p, name: this.parameter(p.id, p.name) })),
      assign_facilities: card.assign_facilities.map((f) => ({ ...f, name: this.facility(f.facility_id, f.name) })),
    };
  }
}
