import { getPropertyQuery, listEnvelope, nearbyQuery, propertyCard, propertyDetail, propertyListQuery, propertyMapPoint, propertyMapQuery } from '@estate/core';
import { z } from 'zod';
import { contextOf, ok, type App } from '../../platform/http.ts';
import { compressWhole, mapCompression } from '../../platform/compression.ts';
import type { PropertyService } from './service.ts';

export async function propertyRoutes(app: App, { properties }: { properties: PropertyService }) {
  app.get('/get-property-list', {
    config: { publicCache: true },
    schema: {
      tags: ['properties'],
      summary: 'Search listings: filters, map area (bbox, polygon, radius), sorting, pagination',
      querystring: propertyListQuery,
      response: { 200: listEnvelope(propertyCard) },
    },
    handler: async (request, reply) => {
      // JSON text from each card's kept JSON, as the map's markers (contract.test checks it against the schema).
      const json = await properties.listJson(request.query, contextOf(request));
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  });

  app.get('/get-property-map-points', {
    config: { publicCache: true },
    compress: mapCompression,
    onSend: compressWhole(mapCompression),
    schema: {
      tags: ['properties'],
      summary: "The map's markers for a search: the filters of get-property-list, every match up to 2000, newest first (ours, not in the mobile contract)",
      querystring: propertyMapQuery,
      response: { 200: listEnvelope(propertyMapPoint, { truncated: z.boolean() }) },
    },
    handler: async (request, reply) => {
      // Made as JSON text from each marker's kept JSON (the serializer passes text through);
      // contract.test and search-index.test check it against the schema and the object answer.
      const json = await properties.mapPointsJson(request.query, contextOf(request));
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  });

  app.get('/get_property', {
    // Visitors may get a cached answer (its view count lags a few seconds); every visit is still counted.
    config: { publicCache: true },
    schema: {
      tags: ['properties'],
      summary: 'One listing by id or slug_id (counts a view, adds similar listings), or a filtered list',
      querystring: getPropertyQuery,
      response: {
        200: listEnvelope(z.union([propertyDetail, propertyCard]), { similar_properties: z.array(propertyCard), total_clicks: z.number().int() }),
      },
    },
    handler: async (request) => {
      const { data, total, similar_properties, total_clicks, countView } = await properties.get(request.query, contextOf(request));
      request.onCacheHit = countView;
      return ok(data, 'Data fetched successfully', { total, similar_properties, total_clicks });
    },
  });

  app.get('/get_nearby_properties', {
    config: { publicCache: true },
    schema: {
      tags: ['properties'],
      summary: 'Listings in a city (or state), optionally of one property type',
      querystring: nearbyQuery,
      response: { 200: listEnvelope(propertyCard) },
    },
    handler: async (request) => {
      const { data, total } = await properties.nearby(request.query, contextOf(request));
      return ok(data, 'Data fetched successfully', { total });
    },
  });
}
