import { category, city, envelope, facility, getCategoriesQuery, getCitiesQuery, getFacilitiesQuery, listEnvelope, parameter } from '@estate/core';
import { z } from 'zod';
import { contextOf, ok, type App } from '../../platform/http.ts';
import type { CatalogueService } from './service.ts';

export async function catalogueRoutes(app: App, { catalogue }: { catalogue: CatalogueService }) {
  app.get('/get_categories', {
    config: { publicCache: true },
    schema: { tags: ['catalogue'], summary: 'Property categories with their parameters', querystring: getCategoriesQuery, response: { 200: listEnvelope(category) } },
    handler: async (request) => {
      const { data, total } = await catalogue.categories(request.query, contextOf(request));
      return ok(data, 'Data fetched successfully', { total });
    },
  });

  app.get('/get_facilities', {
    config: { publicCache: true },
    schema: { tags: ['catalogue'], summary: 'Outdoor facilities (school, metro…)', querystring: getFacilitiesQuery, response: { 200: listEnvelope(facility) } },
    handler: async (request) => {
      const { data, total } = await catalogue.facilities(request.query, contextOf(request));
      return ok(data, 'Data fetched successfully', { total });
    },
  });

  app.get('/get-facilities-for-filter', {
    config: { publicCache: true },
    schema: { tags: ['catalogue'], summary: 'Parameters the search panel can filter on', response: { 200: envelope(z.array(parameter)) } },
    handler: async (request) => ok(await catalogue.filterParameters(contextOf(request))),
  });

  app.get('/get-cities-data', {
    config: { publicCache: true },
    schema: { tags: ['catalogue'], summary: 'Cities with their number of listings', querystring: getCitiesQuery, response: { 200: listEnvelope(city) } },
    handler: async (request) => {
      const { data, total } = await catalogue.cities(request.query, contextOf(request));
      return ok(data, 'Data fetched successfully', { total });
    },
  });
}
