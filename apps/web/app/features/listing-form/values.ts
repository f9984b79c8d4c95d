/**
 * What the add / edit property form holds. Text values (kept as typed, so a draft can be saved
 * and put back exactly) are apart from the files, which a browser cannot keep across a reload.
 */
import type { OwnedProperty, RENT_DURATIONS } from '@estate/core';

export type RentDuration = (typeof RENT_DURATIONS)[number];

export type ListingValues = {
  title: string;
  description: string;
  category_id: string;
  /** '0' sell, '1' rent (api-contract "Codes"); sold and rented are reached from the dashboard. */
  property_type: '0' | '1';
  price: string;
  rentduration: RentDuration;
  is_premium: boolean;
  address: string;
  client_address: string;
  city: string;
  state: string;
  country: string;
  latitude: string;
  longitude: string;
  /** Parameter id → its value (several options for a checkbox); file parameters live in `Media`. */
  parameters: Record<string, string | string[]>;
  /** Facility id → distance as typed; an empty distance means the facility is not listed. */
  facilities: Record<string, string>;
  video_link: string;
  meta_title: string;
  meta_description: string;
  meta_keywords: string;
};

export const emptyValues = (): ListingValues => ({
  title: '',
  description: '',
  category_id: '',
  property_type: '0',
  price: '',
  rentduration: 'Monthly',
  is_premium: false,
  address: '',
  client_address: '',
  city: '',
  state: '',
  country: '',
  latitude: '',
  longitude: '',
  parameters: {},
  facilities: {},
  video_link: '',
  meta_title: '',
  meta_description: '',
  meta_keywords: '',
});

/** A picture of the gallery: one already stored (edit), or one chosen now. */
export type GalleryItem = { kind: 'stored'; id: number; url: string } | { kind: 'new'; key: string; file: File };

export type StoredDocument = { id: number; name: string; url: string };

export type Media = {
  /** A newly chosen title picture; `storedTitle` is the current one's URL (edit). */
  titleImage: File | null;
  storedTitle: string | null;
  gallery: GalleryItem[];
  removedGallery: number[];
  threeD: File | null;
  storedThreeD: string | null;
  removeThreeD: boolean;
  documents: File[];
  storedDocuments: StoredDocument[];
  removedDocuments: number[];
  metaImage: File | null;
  storedMetaImage: string | null;
  /** Parameter id → a newly chosen file; `storedParameterFiles` the current ones' URLs (edit). */
  parameterFiles: Record<string, File>;
  storedParameterFiles: Record<string, string>;
};

export const emptyMedia = (): Media => ({
  titleImage: null,
  storedTitle: null,
  gallery: [],
  removedGallery: [],
  threeD: null,
  storedThreeD: null,
  removeThreeD: false,
  documents: [],
  storedDocuments: [],
  removedDocuments: [],
  metaImage: null,
  storedMetaImage: null,
  parameterFiles: {},
  storedParameterFiles: {},
});

/** The fields of an owned listing the form edits. */
export type EditableListing = Pick<
  OwnedProperty,
  | 'id'
  | 'slug_id'
  | 'title'
  | 'description'
  | 'category_id'
  | 'property_type'
  | 'price'
  | 'rentduration'
  | 'is_premium'
  | 'address'
  | 'client_address'
  | 'city'
  | 'state'
  | 'country'
  | 'latitude'
  | 'longitude'
  | 'video_link'
  | 'meta_title'
  | 'meta_description'
  | 'meta_keywords'
  | 'meta_image'
  | 'title_image'
  | 'three_d_image'
  | 'gallery'
  | 'documents'
  | 'parameters'
  | 'assign_facilities'
>;

const text = (v: string | null | undefined) => (v ?? '').trim();
/** Places the API stored as unknown are shown as blank fields to fill in. */
const place = (v: string | null | undefined) => (['Not Specified', 'Unknown'].includes(text(v)) ? '' : text(v));

/** The form's values and media for editing a listing the owner has. */
export function valuesOfListing(listing: EditableListing): { values: ListingValues; media: Media } {
  const parameters: ListingValues['parameters'] = {};
  const storedParameterFiles: Media['storedParameterFiles'] = {};
  for (const p of listing.parameters) {
    if (p.type_of_parameter === 'file') {
      if (typeof p.value === 'string' && p.value !== '') storedParameterFiles[p.id] = p.value;
    } else if (p.type_of_parameter === 'checkbox') {
      parameters[p.id] = (Array.isArray(p.value) ? p.value : p.value.split(',')).map((v) => v.trim()).filter(Boolean);
    } else {
      parameters[p.id] = Array.isArray(p.value) ? p.value.join(', ') : p.value;
    }
  }
  const facilities: ListingValues['facilities'] = {};
  for (const f of listing.assign_facilities) facilities[f.facility_id] = String(f.distance);
  const values: ListingValues = {
    ...emptyValues(),
    title: listing.title,
    description: listing.description,
    category_id: String(listing.category_id),
    // Sold stays a sale, rented a rent (0 / 2 and 1 / 3).
    property_type: listing.property_type === 'rent' || listing.property_type === 'rented' ? '1' : '0',
    price: String(listing.price),
    rentduration: listing.rentduration ?? 'Monthly',
    is_premium: listing.is_premium,
    address: text(listing.address),
    client_address: text(listing.client_address),
    city: place(listing.city),
    state: place(listing.state),
    country: place(listing.country),
    latitude: listing.latitude === null ? '' : String(listing.latitude),
    longitude: listing.longitude === null ? '' : String(listing.longitude),
    parameters,
    facilities,
    video_link: text(listing.video_link),
    meta_title: text(listing.meta_title),
    meta_description: text(listing.meta_description),
    meta_keywords: text(listing.meta_keywords),
  };
  const media: Media = {
    ...emptyMedia(),
    storedTitle: listing.title_image,
    gallery: listing.gallery.map((g) => ({ kind: 'stored', id: g.id, url: g.image_url || g.image })),
    storedThreeD: listing.three_d_image,
    storedDocuments: listing.documents.map((d) => ({ id: d.id, name: d.file_name || d.name, url: d.file })),
    storedMetaImage: listing.meta_image,
    storedParameterFiles,
  };
  return { values, media };
}
