import type { HomepageData, PropertyCard } from '@estate/core';
import { describe, expect, it } from 'vitest';
import { cardParameters, slimCard } from '../../components/PropertyCard.tsx';
import { PROJECT_SUMMARY } from '../../components/Teaser.tsx';
import { lowerSectionsOf, lowerSectionsShown, slimHome } from './home-data.ts';

const parameter = (id: number, code: PropertyCard['parameters'][number]['code'], value: string) => ({
  id,
  name: `Parameter ${id}`,
  type_of_parameter: 'number' as const,
  image: `https://example.test/media/parameter-${id}.svg`,
  value,
  code,
});

function card(id: number): PropertyCard {
  return {
    id,
    slug_id: `listing-${id}`,
    title: `Listing ${id}`,
    title_image: `https://example.test/media/listing-${id}.webp`,
    price: 1_500_000,
    property_type: 'rent',
    category: { id: 2, category: 'Villa', image: 'https://example.test/media/villa.svg', slug_id: 'villa' },
    category_id: 2,
    city: 'Pune',
    state: 'Maharashtra',
    country: 'India',
    address: 'Baner, Pune',
    latitude: 18.56,
    longitude: 73.78,
    rentduration: 'Monthly',
    is_premium: true,
    promoted: false,
    is_favourite: 0,
    total_view: 12,
    post_created: '2 days ago',
    parameters: [parameter(7, null, 'North'), parameter(1, 'bedrooms', '3'), parameter(5, 'area', '1200'), parameter(2, 'bathrooms', '2'), parameter(3, 'washrooms', '1')],
    assign_facilities: [{ id: 1, name: 'School', image: 'https://example.test/school.svg', distance: 2, facility_id: 4, property_id: id }] as never,
  };
}

describe('slimCard', () => {
  it('keeps what a card shows, and the first three facts it shows, and nothing else', () => {
    const full = card(9);
    const slim = slimCard(full);
    expect(slim).toEqual({
      id: 9,
      slug_id: 'listing-9',
      title: 'Listing 9',
      title_image: 'https://example.test/media/listing-9.webp',
      price: 1_500_000,
      property_type: 'rent',
      rentduration: 'Monthly',
      city: 'Pune',
      state: 'Maharashtra',
      is_premium: true,
      promoted: false,
      parameters: [
        { id: 1, name: 'Parameter 1', value: '3', code: 'bedrooms' },
        { id: 5, name: 'Parameter 5', value: '1200', code: 'area' },
        { id: 2, name: 'Parameter 2', value: '2', code: 'bathrooms' },
      ],
    });
    // A slim card is shown with the same facts as the whole one.
    expect(cardParameters(slim).map((p) => p.id)).toEqual(cardParameters(full).map((p) => p.id));
    expect(slimCard(slim)).toEqual(slim);
  });
});

describe('slimHome', () => {
  const project = (id: number) => ({
    id,
    slug_id: `project-${id}`,
    title: `Project ${id}`,
    type: 'upcoming',
    image: `https://example.test/project-${id}.webp`,
    location: 'Baner',
    city: 'Pune',
    description: `<p>${'A tower by the river. '.repeat(20)}</p>`,
    meta_title: 'meta',
    plans: [{ id: 1 }],
    gallary_images: [{ id: 1 }],
    documents: [{ id: 1 }],
  });
  const home = {
    slider_section: [{ id: 1, heading: 'Welcome' }],
    featured_section: [card(1), card(2)],
    most_liked_properties: [card(3)],
    most_viewed_properties: [],
    project_section: [project(1)],
    project_featured_section: [project(2)],
    categories_section: [{ id: 2, category: 'Villa', image: 'v.svg', slug_id: 'villa', properties_count: 4, parameter_types: [{ id: 1 }], meta_title: 'Villas' }],
    article_section: [{ id: 1, title: 'News', description: '<b>Prices</b> rose' }],
    agents_list: [{ id: 5, name: 'Asha' }],
    faq_section: [{ id: 1, question: 'Q', answer: 'A' }],
    nearby_properties: [card(4)],
    user_recommendation: [card(5)],
  } as unknown as HomepageData;

  it('keeps the sections the page shows, each item with what it shows', () => {
    const slim = slimHome(home);
    expect(Object.keys(slim).sort()).toEqual(
      ['agents_list', 'article_section', 'categories_section', 'faq_section', 'featured_section', 'most_liked_properties', 'most_viewed_properties', 'project_section', 'slider_section'].sort(),
    );
    expect(slim.featured_section).toEqual([slimCard(card(1)), slimCard(card(2))]);
    expect(slim.categories_section).toEqual([{ id: 2, category: 'Villa', image: 'v.svg', properties_count: 4 }]);
    expect(Object.keys(slim.project_section[0]).sort()).toEqual(['city', 'description', 'id', 'image', 'location', 'slug_id', 'title', 'type']);
    // One character over the teaser's length, tags stripped: the teaser still adds its ellipsis.
    expect(slim.project_section[0].description).toHaveLength(PROJECT_SUMMARY + 1);
    expect(slim.project_section[0].description.startsWith('A tower by the river.')).toBe(true);
    expect(slim.article_section[0].description).toBe('Prices rose');
  });

  it('slims an answer once, and a new answer afresh', () => {
    expect(slimHome(home)).toBe(slimHome(home));
    const next = { ...home, featured_section: [card(6)] } as HomepageData;
    expect(slimHome(next).featured_section).toEqual([slimCard(card(6))]);
    expect(slimHome(home).featured_section).toEqual([slimCard(card(1)), slimCard(card(2))]);
  });

  it('names the lower sections that have items', () => {
    const slim = slimHome(home);
    expect(lowerSectionsShown(slim)).toEqual({ most_viewed_properties: false, most_liked_properties: true, project_section: true, article_section: true, agents_list: true, faq_section: true });
    expect(lowerSectionsOf(slim).most_liked_properties).toEqual([slimCard(card(3))]);
  });
});
