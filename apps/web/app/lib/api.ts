/**
 * The one client the web app's loaders use to call the API. It runs on the server, against the
 * API of the same process (same origin as the page being rendered), and parses every answer with
 * the contract's zod schemas so the pages work with checked, typed data.
 */
import {
  ERROR_MESSAGES,
  category,
  envelope,
  homepageData,
  language,
  listEnvelope,
  propertyCard,
  propertyDetail,
  webSettings,
} from '@estate/core';
import { z } from 'zod';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The API's own message, when it sent one (e.g. a validation error). */
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The spec's message for an HTTP status (0 means the network call itself failed). */
export function messageForStatus(status: number): string {
  if (status === 0) return ERROR_MESSAGES.network;
  if (status === 400) return ERROR_MESSAGES.badRequest;
  if (status === 401) return ERROR_MESSAGES.unauthorized;
  if (status === 403) return ERROR_MESSAGES.forbidden;
  if (status === 404) return ERROR_MESSAGES.notFound;
  if (status >= 500) return ERROR_MESSAGES.server;
  return ERROR_MESSAGES.fallback;
}

type Query = Record<string, string | number | undefined>;

declare module 'react-router' {
  interface AppLoadContext {
    /** Set by the API server that hosts the app: answers /api calls in-process. */
    apiFetch?: typeof fetch;
    /** Server settings the pages may show to the browser (the map's tile URL). */
    publicConfig?: { mapTileUrl?: string; mapTileAttribution?: string };
  }
}

/** What a loader passes: its request, and the context the hosting server provides. */
export interface Caller {
  request: Request;
  context?: { apiFetch?: typeof fetch };
}

async function get<S extends z.ZodType>({ request, context }: Caller, path: string, query: Query, schema: S): Promise<z.infer<S>> {
  const url = new URL(`/api/${path}`, request.url);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  let response: Response;
  try {
    response = await (context?.apiFetch ?? fetch)(url, { headers: { accept: 'application/json' }, signal: request.signal });
  } catch {
    throw new ApiError(0, messageForStatus(0));
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new ApiError(response.status, messageForStatus(response.status), typeof body?.message === 'string' ? body.message : undefined);
  }
  const parsed = schema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new ApiError(502, ERROR_MESSAGES.server, `Unexpected answer from /api/${path}`);
  return parsed.data;
}

const settingsAnswer = envelope(webSettings);
const languageAnswer = envelope(language);
const homepageAnswer = envelope(homepageData);
const categoriesAnswer = listEnvelope(category);
const propertyListAnswer = listEnvelope(propertyCard);
const propertyAnswer = listEnvelope(z.union([propertyDetail, propertyCard]), { similar_properties: z.array(propertyCard) });

export type PropertyListFilters = {
  property_type?: string;
  category_id?: string;
  city?: string;
  min_price?: string;
  max_price?: string;
  search?: string;
  sort_by?: string;
  /** `min_lng,min_lat,max_lng,max_lat` */
  bbox?: string;
  /** `lng lat,lng lat,…` */
  polygon?: string;
  limit?: number;
  offset?: number;
};

export const api = {
  webSettings: async (caller: Caller) => (await get(caller, 'web-settings', {}, settingsAnswer)).data,
  language: async (caller: Caller, code: string) =>
    (await get(caller, 'get_languages', { language_code: code, web_language_file: 1 }, languageAnswer)).data,
  homepage: async (caller: Caller) => (await get(caller, 'homepage-data', {}, homepageAnswer)).data,
  categories: async (caller: Caller) => (await get(caller, 'get_categories', { limit: 100 }, categoriesAnswer)).data,
  properties: async (caller: Caller, filters: PropertyListFilters) => {
    const answer = await get(caller, 'get-property-list', filters, propertyListAnswer);
    return { items: answer.data, total: answer.total };
  },
  property: async (caller: Caller, slug: string) => {
    const answer = await get(caller, 'get_property', { slug_id: slug }, propertyAnswer);
    const listing = answer.data[0];
    // A slug answers the full listing; anything else means there is nothing to show.
    if (!listing || !('description' in listing)) throw new ApiError(404, messageForStatus(404));
    return { listing, similar: answer.similar_properties };
  },
};
