import type { APIRequestContext, Page } from '@playwright/test';
import { drawnPicture, expect } from './fixtures.ts';

/** Owners and their listings made through the API, as the web form would (journeys about what happens to a listing next). */
export type Session = { token: string; data: { id: number; name: string | null } };
export type Listing = { id: number; slug_id: string; title: string; request_status: string; status: number; property_type: string };
export type Category = { id: number; parameter_types: { id: number; type_of_parameter: string; type_values: string[] | null; is_required: number }[] };

export const auth = (s: Session) => ({ authorization: `Bearer ${s.token}` });

/** Spec §5: a listing needs a complete profile (name, e-mail, mobile, picture, address). */
export async function completeProfile(request: APIRequestContext, page: Page, session: Session) {
  const answer = await request.post('/api/update_profile', {
    headers: auth(session),
    multipart: {
      mobile: `+9198${String(Date.now()).slice(-8)}`,
      address: '12 Carter Road, Bandra West, Mumbai',
      profile: { name: 'me.png', mimeType: 'image/png', buffer: await drawnPicture(page, 200) },
    },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return { ...session, data: (await answer.json()).data };
}

/** A category and values for the parameters it requires (none of them a file). */
export async function categoryWithValues(request: APIRequestContext) {
  const categories = (await (await request.get('/api/get_categories?limit=100')).json()).data as Category[];
  const usable = categories.filter((c) => !c.parameter_types.some((p) => p.is_required && p.type_of_parameter === 'file'));
  const category = usable.sort((a, b) => a.parameter_types.filter((p) => p.is_required).length - b.parameter_types.filter((p) => p.is_required).length)[0];
  expect(category, 'a category without required file parameters').toBeTruthy();
  const fields: Record<string, string> = {};
  category.parameter_types
    .filter((p) => p.is_required)
    .forEach((p, i) => {
      fields[`parameters[${i}][parameter_id]`] = String(p.id);
      const first = p.type_values?.[0] ?? '';
      const value = p.type_of_parameter === 'number' ? '3' : ['dropdown', 'radiobutton'].includes(p.type_of_parameter) ? first : p.type_of_parameter === 'checkbox' ? first : 'Sea facing';
      fields[p.type_of_parameter === 'checkbox' ? `parameters[${i}][value][0]` : `parameters[${i}][value]`] = value;
    });
  return { categoryId: category.id, fields };
}

/** `post_property` as the web form sends it: multipart with bracketed keys and a title picture. */
export async function postListing(request: APIRequestContext, page: Page, session: Session, title: string, extra: Record<string, string> = {}): Promise<Listing> {
  const { categoryId, fields } = await categoryWithValues(request);
  const answer = await request.post('/api/post_property', {
    headers: auth(session),
    multipart: {
      title,
      description: 'Bright two-bedroom flat, a short walk from the promenade.',
      category_id: String(categoryId),
      property_type: '0',
      price: '8400000',
      city: 'Mumbai',
      state: 'Maharashtra',
      country: 'India',
      address: 'Carter Road, Bandra West',
      // Where the form's map pin would put it: a listing approved by one journey may be the newest another opens, map included.
      latitude: '19.0657',
      longitude: '72.8226',
      ...fields,
      ...extra,
      title_image: { name: 'front.png', mimeType: 'image/png', buffer: await drawnPicture(page, 20) },
      'gallery_images[0]': { name: 'room.png', mimeType: 'image/png', buffer: await drawnPicture(page, 140) },
    },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()).data[0] as Listing;
}
