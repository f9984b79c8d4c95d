/**
 * The one client the web app's loaders use to call the API. It runs on the server, against the
 * API of the same process (same origin as the page being rendered), and parses every answer with
 * the contract's zod schemas so the pages work with checked, typed data.
 */
import {
  ERROR_MESSAGES,
  agent,
  agentProfile,
  article,
  articleCategory,
  category,
  city,
  envelope,
  facility,
  faq,
  homepageData,
  language,
  listEnvelope,
  project,
  propertyCard,
  webSettings,
  type ContactMessageBody,
  type PublicWebConfig,
} from '@estate/core';
import { z } from 'zod';
import { propertyAnswer } from './answers.ts';
import { ApiError, messageForStatus } from './errors.ts';
import { askedLanguage } from './language.ts';

export { ApiError, messageForStatus };

type Query = Record<string, string | number | undefined>;

declare module 'react-router' {
  interface AppLoadContext {
    /** Set by the API server that hosts the app: answers /api calls in-process. */
    apiFetch?: typeof fetch;
    /** The site's origin as the server configured it (PUBLIC_URL or an allowed host): absolute URLs are built on it. */
    origin?: string;
    /** The answer's Content Security Policy nonce, for the inline scripts the server renders. */
    nonce?: string;
    /** Server settings the pages may show to the browser (the street map, the Google sign-in client). */
    publicConfig?: PublicWebConfig;
    /** Set by the hosting server: checked answers of public calls, kept for the public cache's lifetime. */
    answers?: AnswerMemo;
    /**
     * Set by the hosting server: takes a rendered page's whole document (entry.server.tsx), which
     * the server then sends as it is; the answer the render returns carries no body. Without it
     * the document is the answer's body.
     */
    takeDocument?: (html: Buffer) => void;
  }
}

/**
 * Answers the server may hand back without calling the API again: a hit is a map lookup, not a
 * request, a JSON parse and a schema check. The server decides what is kept (public answers only)
 * and forgets them when a write changes them.
 */
export interface AnswerMemo {
  /**
   * The kept answer, else `load`'s — or, while another page's loader is already loading the same
   * answer, that one's once it is kept (the same URL and language make the same public answer).
   * A kept answer past its lifetime may be taken while `load` refreshes it behind the page, with a
   * fetch of the server's own (`apiFetch`), so that what it records is not this page's.
   */
  readOrLoad(url: URL, lang: string | undefined, load: (apiFetch?: typeof fetch) => Promise<unknown>): Promise<unknown>;
}

/** What a loader passes: its request, and the context the hosting server provides. */
export interface Caller {
  request: Request;
  context?: { apiFetch?: typeof fetch; answers?: AnswerMemo };
}

type ErrorBody = { message?: unknown; errors?: unknown } | null;

function fieldErrors(body: ErrorBody): Record<string, string[]> | undefined {
  if (!body?.errors || typeof body.errors !== 'object') return undefined;
  const out: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(body.errors)) {
    if (Array.isArray(value)) out[key] = value.filter((m): m is string => typeof m === 'string');
  }
  return out;
}

function call<S extends z.ZodType>(caller: Caller, path: string, init: RequestInit, url: URL, schema: S): Promise<z.infer<S>> {
  const lang = askedLanguage(caller.request);
  const memo = (init.method ?? 'GET') === 'GET' ? caller.context?.answers : undefined;
  const load = (apiFetch?: typeof fetch) => callApi(apiFetch ? { ...caller, context: { ...caller.context, apiFetch } } : caller, path, init, url, schema, lang);
  return memo ? (memo.readOrLoad(url, lang, load) as Promise<z.infer<S>>) : load();
}

async function callApi<S extends z.ZodType>({ request, context }: Caller, path: string, init: RequestInit, url: URL, schema: S, lang: string | undefined): Promise<z.infer<S>> {
  let response: Response;
  try {
    const headers = { accept: 'application/json', ...(lang ? { 'content-language': lang } : {}), ...init.headers };
    response = await (context?.apiFetch ?? fetch)(url, { ...init, headers, signal: request.signal });
  } catch {
    throw new ApiError(0, messageForStatus(0));
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as ErrorBody;
    throw new ApiError(response.status, messageForStatus(response.status), typeof body?.message === 'string' ? body.message : undefined, fieldErrors(body));
  }
  const parsed = schema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new ApiError(502, ERROR_MESSAGES.server, `Unexpected answer from /api/${path}`);
  return parsed.data;
}

function get<S extends z.ZodType>(caller: Caller, path: string, query: Query, schema: S): Promise<z.infer<S>> {
  const url = new URL(`/api/${path}`, caller.request.url);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  return call(caller, path, { method: 'GET' }, url, schema);
}

function post<S extends z.ZodType>(caller: Caller, path: string, body: Record<string, unknown>, schema: S): Promise<z.infer<S>> {
  const url = new URL(`/api/${path}`, caller.request.url);
  return call(caller, path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }, url, schema);
}

const settingsAnswer = envelope(webSettings);
const languageAnswer = envelope(language);
const homepageAnswer = envelope(homepageData);
const categoriesAnswer = listEnvelope(category);
const facilitiesAnswer = listEnvelope(facility);
const propertyListAnswer = listEnvelope(propertyCard);
const projectListAnswer = listEnvelope(project);
const projectAnswer = envelope(project, { similar_projects: z.array(project) });
const articleListAnswer = listEnvelope(article, { similar_articles: z.array(article) });
const articleCategoriesAnswer = listEnvelope(articleCategory);
const agentListAnswer = listEnvelope(agent);
const agentAnswer = envelope(
  z.object({ customer_data: agentProfile, properties_data: z.array(propertyCard), projects_data: z.array(project) }),
  { total: z.number().int() },
);
const cityListAnswer = listEnvelope(city);
const faqListAnswer = listEnvelope(faq);
const contactAnswer = envelope(z.null());

/** One page of a list: `limit` items from `offset`. */
export type Page = { limit: number; offset: number };

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
  /** '1': only listings with a running advertisement (featured). */
  promoted?: string;
  limit?: number;
  offset?: number;
};

export const api = {
  webSettings: async (caller: Caller) => (await get(caller, 'web-settings', {}, settingsAnswer)).data,
  language: async (caller: Caller, code: string) =>
    (await get(caller, 'get_languages', { language_code: code, web_language_file: 1 }, languageAnswer)).data,
  homepage: async (caller: Caller) => (await get(caller, 'homepage-data', {}, homepageAnswer)).data,
  categories: async (caller: Caller) => (await get(caller, 'get_categories', { limit: 100 }, categoriesAnswer)).data,
  facilities: async (caller: Caller) => (await get(caller, 'get_facilities', { limit: 100 }, facilitiesAnswer)).data,
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
  projects: async (caller: Caller, page: Page) => {
    const answer = await get(caller, 'get-projects', page, projectListAnswer);
    return { items: answer.data, total: answer.total };
  },
  project: async (caller: Caller, slug: string) => {
    const answer = await get(caller, 'get-project-detail', { slug_id: slug, get_similar: 1 }, projectAnswer);
    return { project: answer.data, similar: answer.similar_projects };
  },
  articles: async (caller: Caller, query: Page & { category_id?: number }) => {
    const answer = await get(caller, 'get_articles', query, articleListAnswer);
    return { items: answer.data, total: answer.total };
  },
  article: async (caller: Caller, slug: string) => {
    const answer = await get(caller, 'get_articles', { slug_id: slug }, articleListAnswer);
    const item = answer.data[0];
    if (!item) throw new ApiError(404, messageForStatus(404));
    return { article: item, similar: answer.similar_articles };
  },
  articleCategories: async (caller: Caller) => (await get(caller, 'get_article_categories', {}, articleCategoriesAnswer)).data,
  agents: async (caller: Caller, page: Page) => {
    const answer = await get(caller, 'agent-list', page, agentListAnswer);
    return { items: answer.data, total: answer.total };
  },
  /** An agent's profile with one page of their properties, or of their projects. */
  agent: async (caller: Caller, slug: string, query: Page & { projects?: boolean }) => {
    const answer = await get(caller, 'agent-properties', { slug_id: slug, limit: query.limit, offset: query.offset, is_projects: query.projects ? 1 : undefined }, agentAnswer);
    return { agent: answer.data.customer_data, properties: answer.data.properties_data, projects: answer.data.projects_data, total: answer.total };
  },
  cities: async (caller: Caller, page: Page) => {
    const answer = await get(caller, 'get-cities-data', page, cityListAnswer);
    return { items: answer.data, total: answer.total };
  },
  faqs: async (caller: Caller, page: Page) => {
    const answer = await get(caller, 'faqs', page, faqListAnswer);
    return { items: answer.data, total: answer.total };
  },
  /** `contct_us` (spelt so): answers the API's thank-you message. */
  contact: async (caller: Caller, body: ContactMessageBody) => (await post(caller, 'contct_us', body, contactAnswer)).message,
};
