/** The answers of the listing form's calls, checked with the contract's schemas. */
import { listEnvelope, ownedProperty } from '@estate/core';
import { z } from 'zod';

/** `post_property` / `update_post_property`: the listing as it is now; the form needs where it lives. */
export const savedListingAnswer = z.object({
  error: z.boolean(),
  message: z.string(),
  data: z.array(z.looseObject({ id: z.number().int(), slug_id: z.string() })),
});
export type SavedListingAnswer = z.infer<typeof savedListingAnswer>;

/** What the edit form reads of one owned listing (`get-added-properties?id=…`). */
export const editableListing = ownedProperty.pick({
  id: true,
  slug_id: true,
  title: true,
  description: true,
  category_id: true,
  property_type: true,
  price: true,
  rentduration: true,
  is_premium: true,
  address: true,
  client_address: true,
  city: true,
  state: true,
  country: true,
  latitude: true,
  longitude: true,
  video_link: true,
  meta_title: true,
  meta_description: true,
  meta_keywords: true,
  meta_image: true,
  title_image: true,
  three_d_image: true,
  gallery: true,
  documents: true,
  parameters: true,
  assign_facilities: true,
});
export const ownedListingAnswer = listEnvelope(editableListing);
