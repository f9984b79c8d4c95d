import { propertyTypeName, timeAgo, type PriceChange, type PropertyCard, type PropertyDetail, type PropertyMapPoint } from '@estate/core';
import { mediaUrl, videoLinkUrl } from '../../platform/media.ts';
import type { Localizer } from '../catalogue/localizer.ts';
import { toCategoryRef } from '../catalogue/presenter.ts';
import type { CardRow, DetailRow, FacilityJson, MapPointRow, ParameterJson } from './repository.ts';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** What every listing answer starts with: a card, a map point, a detail. */
function listingBasics(row: Pick<CardRow, 'id' | 'slug_id' | 'title' | 'title_image' | 'price' | 'property_type'>, origin: string) {
  return {
    id: row.id,
    slug_id: row.slug_id,
    title: row.title,
    title_image: mediaUrl(origin, row.title_image),
    price: Number(row.price),
    property_type: propertyTypeName(row.property_type),
  };
}

export function toPropertyCard(row: CardRow, origin: string): PropertyCard {
  return {
    ...listingBasics(row, origin),
    category: toCategoryRef(row, origin),
    category_id: row.category_id,
    city: row.city,
    state: row.state,
    country: row.country,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    rentduration: row.rentduration,
    is_premium: row.is_premium,
    promoted: row.promoted,
    is_favourite: row.is_favourite ? 1 : 0,
    total_view: row.total_click,
    post_created: timeAgo(row.created_at),
    parameters: (row.parameters ?? []).map((p) => ({
      id: p.id,
      name: p.name,
      type_of_parameter: p.type_of_parameter,
      image: mediaUrl(origin, p.image),
      value: parameterValueOf(p, origin),
      code: p.code,
    })),
    assign_facilities: (row.facilities ?? []).map((f) => ({
      id: f.facility_id,
      property_id: row.id,
      facility_id: f.facility_id,
      distance: Number(f.distance),
      name: f.name,
      image: mediaUrl(origin, f.image),
    })),
  };
}

export function toMapPoint(row: MapPointRow, origin: string): PropertyMapPoint {
  return {
    ...listingBasics(row, origin),
    rentduration: row.rentduration,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

const numberJson = (n: number | null) => (Number.isFinite(n) ? String(n) : 'null');
const stringJson = (s: string | null) => (s == null ? 'null' : JSON.stringify(s));

/**
 * `text` as one flat string. Pieces joined by a template stay a tree of those pieces until a
 * character is read, which flattens it in place: kept as a tree, a card's text held three times
 * its length in small strings for the garbage collector to copy and mark.
 */
function flattened(text: string): string {
  text.charCodeAt(0);
  return text;
}

/**
 * `JSON.stringify(toMapPoint(row, origin))`, the same text made without the object: a map answer
 * is up to 2,000 markers, and making each one's object cost more than finding them (issue 12).
 */
export function mapPointJson(row: MapPointRow, origin: string): string {
  return flattened(`{"id":${numberJson(row.id)},"slug_id":${stringJson(row.slug_id)},"title":${stringJson(row.title)},"title_image":${stringJson(mediaUrl(origin, row.title_image))},"price":${numberJson(Number(row.price))},"property_type":"${propertyTypeName(row.property_type)}","rentduration":${stringJson(row.rentduration)},"latitude":${numberJson(row.latitude)},"longitude":${numberJson(row.longitude)}}`);
}

/** Any other value as JSON.stringify writes it inside an object (booleans, a checkbox's options). */
const valueJson = (v: unknown) => JSON.stringify(v) ?? 'null';

/**
 * The parts of cards' JSON that depend only on a parameter's or facility's catalogue entry, the
 * origin and the language, made once per entry: of a card's forty-odd strings, its parameters'
 * and facilities' names, kinds, images and codes were most, and `JSON.stringify` of each string
 * was 3 % of a distinct search's main thread (issue 12). Valid only for rows named from one
 * catalogue (`repository.ts` `named`), where an id always brings the same entry: `cardPartsFor`.
 */
export class CardParts {
  /** A parameter's JSON up to its value, and after it. */
  private readonly parameters = new Map<number, [string, string]>();
  /** A facility's JSON up to the listing's id, from there to its distance, and after it. */
  private readonly facilities = new Map<number, [string, string, string]>();

  /** `keep` false: each part made on every call (rows not known to come from one catalogue). */
  constructor(
    readonly origin: string,
    readonly loc: Localizer,
    private readonly keep = true,
  ) {}

  parameter(p: ParameterJson): [string, string] {
    let parts = this.parameters.get(p.id);
    if (!parts) {
      parts = [
        `{"id":${numberJson(p.id)},"name":${stringJson(this.loc.parameter(p.id, p.name))},"type_of_parameter":${stringJson(p.type_of_parameter)},"image":${stringJson(mediaUrl(this.origin, p.image))},"value":`,
        `,"code":${stringJson(p.code)}}`,
      ];
      if (this.keep) this.parameters.set(p.id, parts);
    }
    return parts;
  }

  facility(f: FacilityJson): [string, string, string] {
    let parts = this.facilities.get(f.facility_id);
    if (!parts) {
      parts = [`{"id":${numberJson(f.facility_id)},"property_id":`, `,"facility_id":${numberJson(f.facility_id)},"distance":`, `,"name":${stringJson(this.loc.facility(f.facility_id, f.name))},"image":${stringJson(mediaUrl(this.origin, f.image))}}`];
      if (this.keep) this.facilities.set(f.facility_id, parts);
    }
    return parts;
  }
}

const partsKept = new WeakMap<object, Map<string, CardParts>>();

/**
 * The parts for rows named from `catalogue` (by its identity: a catalogue loaded again, after an
 * edit, gets its own), presented for `origin` in `loc`'s names. A few origins and three languages:
 * kept per catalogue, the origins and languages it met (at most 64, then started again).
 */
export function cardPartsFor(catalogue: object, origin: string, loc: Localizer): CardParts {
  let byScope = partsKept.get(catalogue);
  if (!byScope) partsKept.set(catalogue, (byScope = new Map()));
  const key = `${loc.lang}\n${origin}`;
  let parts = byScope.get(key);
  if (!parts || !parts.loc.namesAs(loc)) {
    if (byScope.size >= 64) byScope.clear();
    parts = new CardParts(origin, loc);
    byScope.set(key, parts);
  }
  return parts;
}

/**
 * `JSON.stringify(loc.card(toPropertyCard(row, origin)))`, the same text made without the objects:
 * a distinct search makes most of its twelve cards anew, and the card, its parameters and
 * facilities as objects were the part of that work the garbage collector most often found still
 * alive and promoted (issue 12). `parts`, for the same origin and names, writes each parameter's
 * and facility's fixed JSON once (`cardPartsFor`); without it each is made here.
 */
export function cardJson(row: CardRow, origin: string, loc: Localizer, parts: CardParts = new CardParts(origin, loc, false)): string {
  const category = row.category_slug_id
    ? `{"id":${numberJson(row.category_id)},"category":${stringJson(loc.category(row.category_id, row.category_name ?? ''))},"image":${stringJson(mediaUrl(origin, row.category_image))},"slug_id":${stringJson(row.category_slug_id)}}`
    : 'null';
  let parameters = '';
  for (const p of row.parameters ?? []) {
    const [head, tail] = parts.parameter(p);
    parameters += `${parameters ? ',' : ''}${head}${valueJson(parameterValueOf(p, origin))}${tail}`;
  }
  let facilities = '';
  const id = numberJson(row.id);
  for (const f of row.facilities ?? []) {
    const [head, middle, tail] = parts.facility(f);
    facilities += `${facilities ? ',' : ''}${head}${id}${middle}${numberJson(Number(f.distance))}${tail}`;
  }
  return flattened(`{"id":${id},"slug_id":${stringJson(row.slug_id)},"title":${stringJson(row.title)},"title_image":${stringJson(mediaUrl(origin, row.title_image))},"price":${numberJson(Number(row.price))},"property_type":"${propertyTypeName(row.property_type)}","category":${category},"category_id":${numberJson(row.category_id)},"city":${stringJson(row.city)},"state":${stringJson(row.state)},"country":${stringJson(row.country)},"address":${stringJson(row.address)},"latitude":${numberJson(row.latitude)},"longitude":${numberJson(row.longitude)},"rentduration":${stringJson(row.rentduration)},"is_premium":${valueJson(row.is_premium)},"promoted":${valueJson(row.promoted)},"is_favourite":${row.is_favourite ? 1 : 0},"total_view":${numberJson(row.total_click)},"post_created":${stringJson(timeAgo(row.created_at))},"parameters":[${parameters}],"assign_facilities":[${facilities}]}`);
}

const TITLE_IMAGE_KEY = '"title_image":"';

/**
 * `mapPointJson(row, origin)` for any origin, made before the origin is known (the search index
 * keeps every marker this way, marker-store.ts): the JSON on an empty origin, and the character
 * where the origin goes (-1 when the image URL does not start with it: none, absolute, or on
 * MEDIA_PUBLIC_URL).
 */
export function mapPointParts(row: MapPointRow): { json: string; originAt: number } {
  const json = mapPointJson(row, '');
  const onOrigin = row.title_image !== null && mediaUrl('', row.title_image) !== mediaUrl('o', row.title_image);
  // The key appears once as JSON's own text: a quote inside a string value is escaped.
  return { json, originAt: onOrigin ? json.indexOf(TITLE_IMAGE_KEY) + TITLE_IMAGE_KEY.length : -1 };
}

/** A checkbox's options are stored comma-joined; a file's value is its stored key, answered as its URL. */
const parameterValueOf = (p: ParameterJson, origin: string) =>
  p.type_of_parameter === 'checkbox' ? p.value.split(',').filter(Boolean) : p.type_of_parameter === 'file' ? (mediaUrl(origin, p.value) ?? '') : p.value;

export interface Company {
  name: string;
  email: string;
  phone: string;
  logo: string | null;
}

export interface ViewerFlags {
  is_interested: boolean;
  is_reported: boolean;
  is_blocked_by_me: boolean;
  is_blocked_by_user: boolean;
}

const NO_FLAGS: ViewerFlags = { is_interested: false, is_reported: false, is_blocked_by_me: false, is_blocked_by_user: false };

/** A listing's price changes as the contract has them (newest first, as the row brought them). */
export function toPriceChanges(row: DetailRow): PriceChange[] {
  return (row.price_history ?? []).map((p) => ({ price: Number(p.price), changed_at: new Date(p.changed_at).toISOString() }));
}

export function toPropertyDetail(row: DetailRow, origin: string, company: Company, flags: ViewerFlags = NO_FLAGS): PropertyDetail {
  // A listing owned by the platform itself shows the company's name, phone and e-mail.
  const isPlatform = row.owner_id === null;
  return {
    ...toPropertyCard(row, origin),
    parameters: (row.parameters ?? []).map((p) => ({
      id: p.id,
      name: p.name,
      type_of_parameter: p.type_of_parameter,
      type_values: p.type_values,
      image: mediaUrl(origin, p.image),
      is_required: p.is_required ? 1 : 0,
      value: parameterValueOf(p, origin),
      code: p.code,
    })),
    description: row.description,
    client_address: row.client_address,
    three_d_image: mediaUrl(origin, row.three_d_image),
    gallery: (row.gallery ?? []).map((g) => {
      const url = mediaUrl(origin, g.image)!;
      return { id: g.id, image: url, image_url: url };
    }),
    documents: (row.documents ?? []).map((d) => ({
      id: d.id,
      property_id: row.id,
      name: d.name,
      type: d.type,
      file: mediaUrl(origin, d.file)!,
      file_name: d.file_name ?? d.file.slice(d.file.lastIndexOf('/') + 1),
    })),
    video_link: videoLinkUrl(origin, row.video_link),
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    meta_keywords: row.meta_keywords,
    meta_image: mediaUrl(origin, row.meta_image ?? row.title_image),
    status: row.status,
    request_status: row.request_status,
    added_by: row.owner_id ?? 0,
    customer_id: row.owner_id ?? 0,
    customer_name: isPlatform ? company.name : row.owner_name,
    customer_slug_id: isPlatform ? null : row.owner_slug_id,
    email: isPlatform ? company.email : row.owner_email,
    mobile: isPlatform ? company.phone : row.owner_mobile,
    profile: isPlatform ? company.logo : mediaUrl(origin, row.owner_profile),
    is_verified: isPlatform ? true : row.owner_verified,
    is_interested: flags.is_interested ? 1 : 0,
    is_reported: flags.is_reported,
    total_favourite_users: row.total_favourites,
    total_interested_users: row.total_interested,
    is_blocked_by_me: flags.is_blocked_by_me,
    is_blocked_by_user: flags.is_blocked_by_user,
    created_at: iso(row.created_at),
    premium_locked: false,
  };
}

/**
 * A premium listing as shown to someone without access (api-contract "Premium listings"): what
 * sells it stays — title, price, the title picture, description, facts, area — and what only
 * the entitled may have is held back.
 */
export function toPremiumTeaser(detail: PropertyDetail): PropertyDetail {
  return {
    ...detail,
    ...PREMIUM_HELD_BACK,
    premium_locked: true,
  };
}

/** Exactly what a teaser holds back, and the value it answers instead. */
export const PREMIUM_HELD_BACK = {
  address: null,
  client_address: null,
  latitude: null,
  longitude: null,
  email: null,
  mobile: null,
  documents: [],
  video_link: null,
  three_d_image: null,
  gallery: [],
} satisfies Partial<PropertyDetail>;
