import { type Parameter, unflattenForm } from '@estate/core';
import { describe, expect, it } from 'vitest';
import { listingBody, listingFormData } from './build-body.ts';
import { validateListing } from './validate.ts';
import { emptyMedia, emptyValues, type ListingValues, type Media } from './values.ts';

const param = (id: number, type: Parameter['type_of_parameter'], extra: Partial<Parameter> = {}): Parameter => ({
  id,
  name: `P${id}`,
  type_of_parameter: type,
  type_values: null,
  image: null,
  is_required: 0,
  ...extra,
});
const PARAMS = [param(1, 'number', { name: 'Bedrooms', is_required: 1 }), param(2, 'checkbox', { type_values: ['Gym', 'Pool', 'Lift'] }), param(3, 'textbox'), param(4, 'file')];

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

const filled = (): ListingValues => ({
  ...emptyValues(),
  title: '  Sea-view flat  ',
  description: 'Bright, two balconies.',
  category_id: '5',
  property_type: '1',
  price: '45000',
  rentduration: 'Yearly',
  city: 'Mumbai',
  latitude: '19.05',
  longitude: '72.83',
  parameters: { '1': '2', '2': ['Gym', 'Pool'], '3': '' },
  facilities: { '7': '1.5', '8': '', '9': '0.3' },
});

/** What the server reads back from the form: the bracketed keys nested again. */
function serverSees(form: FormData) {
  const flat: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) flat[key] = value;
  return unflattenForm(flat) as Record<string, unknown>;
}

describe('the listing as the API reads it', () => {
  it('sends a new listing with bracketed keys the server nests back', () => {
    const media: Media = { ...emptyMedia(), titleImage: png('front.png'), gallery: [1, 2, 3].map((n) => ({ kind: 'new' as const, key: `k${n}`, file: png(`p${n}.png`) })), parameterFiles: { '4': png('plan.png') } };
    const { body, order } = listingBody(filled(), media, PARAMS, { kind: 'create' });
    const form = listingFormData(body);
    const keys = [...form.keys()];
    expect(keys).toContain('parameters[0][parameter_id]');
    expect(keys).toContain('parameters[1][value][1]');
    expect(keys).toContain('facilities[1][distance]');
    expect(keys.filter((k) => k.startsWith('gallery_images['))).toEqual(['gallery_images[0]', 'gallery_images[1]', 'gallery_images[2]']);
    expect(order).toEqual({ parameters: [1, 2, 4], facilities: [7, 9] });

    const nested = serverSees(form);
    expect(nested).toMatchObject({
      title: 'Sea-view flat',
      category_id: '5',
      property_type: '1',
      price: '45000',
      rentduration: 'Yearly',
      is_premium: '0',
      city: 'Mumbai',
      latitude: '19.05',
      longitude: '72.83',
      facilities: [
        { facility_id: '7', distance: '1.5' },
        { facility_id: '9', distance: '0.3' },
      ],
    });
    const parameters = nested.parameters as { parameter_id: string; value: unknown }[];
    expect(parameters.map((p) => p.parameter_id)).toEqual(['1', '2', '4']);
    expect(parameters[1].value).toEqual(['Gym', 'Pool']);
    expect((parameters[2].value as File).name).toBe('plan.png');
    expect((nested.title_image as File).name).toBe('front.png');
    expect((nested.gallery_images as File[]).map((f) => f.name)).toEqual(['p1.png', 'p2.png', 'p3.png']);
    // A sale sends no rent period; nothing empty is sent on create.
    expect(listingBody({ ...filled(), property_type: '0' }, media, PARAMS, { kind: 'create' }).body.rentduration).toBeUndefined();
    expect(keys.some((k) => k.startsWith('address') || k === 'meta_title')).toBe(false);
  });

  it('sends an edit with the id, what was removed, and emptied values to clear', () => {
    const media: Media = {
      ...emptyMedia(),
      storedTitle: '/media/t.webp',
      gallery: [{ kind: 'stored', id: 11, url: '/media/a.webp' }, { kind: 'new', key: 'n', file: png('new.png') }],
      removedGallery: [12, 13],
      removedDocuments: [4],
      removeThreeD: true,
    };
    const values = { ...filled(), facilities: {}, parameters: { '1': '3', '2': [], '3': '' } };
    const { body } = listingBody(values, media, PARAMS, { kind: 'edit', id: 99 });
    const nested = serverSees(listingFormData(body));
    expect(nested).toMatchObject({ id: '99', action_type: '0', remove_gallery_images: ['12', '13'], remove_documents: ['4'], remove_three_d_image: '1', facilities: '[]' });
    // Only the new picture is uploaded; the stored one stays by not being removed.
    expect((nested.gallery_images as File[]).map((f) => f.name)).toEqual(['new.png']);
    expect(nested.title_image).toBeUndefined();
    // The emptied text and checkbox are sent empty (cleared); the file parameter, untouched, is not sent.
    expect(nested.parameters).toEqual([{ parameter_id: '1', value: '3' }, { parameter_id: '2', value: '' }, { parameter_id: '3', value: '' }]);
    // A new 360° photo replaces the old one: no remove flag then.
    expect(listingBody(values, { ...media, threeD: png('pano.png') }, PARAMS, { kind: 'edit', id: 99 }).body.remove_three_d_image).toBeUndefined();
  });

  it('is checked in the browser with the server’s schema and words', () => {
    const values = { ...filled(), title: 'ab', price: 'lots', latitude: '19.05', longitude: '', facilities: { '7': '-1' }, parameters: {}, video_link: 'youtube' };
    const { body, order } = listingBody(values, emptyMedia(), PARAMS, { kind: 'create' });
    const errors = validateListing(body, order, { mode: { kind: 'create' }, values, media: emptyMedia(), parameterTypes: PARAMS });
    expect(errors).toEqual({
      title: 'title must be at least 3 characters',
      price: 'price must be a number',
      longitude: 'latitude and longitude must be sent together',
      'facilities.7': 'distance must be at least 0',
      video_link: 'video_link must be a web address (https://…)',
      title_image: 'title_image is required',
      'parameters.1': 'Bedrooms is required',
    });
    const ok = listingBody(filled(), { ...emptyMedia(), titleImage: png('t.png') }, PARAMS, { kind: 'create' });
    expect(validateListing(ok.body, ok.order, { mode: { kind: 'create' }, values: filled(), media: { ...emptyMedia(), titleImage: png('t.png') }, parameterTypes: PARAMS })).toEqual({});
  });
});
