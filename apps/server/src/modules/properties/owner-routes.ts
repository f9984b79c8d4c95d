import {
  MAX_DOCUMENTS,
  MAX_GALLERY_IMAGES,
  addedPropertiesQuery,
  changePropertyStatusBody,
  deleteListingBody,
  envelope,
  errorResponse,
  listEnvelope,
  ownedProperty,
  postPropertyBody,
  updatePropertyBody,
  updatePropertyStatusBody,
} from '@estate/core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireViewer } from '../../platform/auth.ts';
import { contextOf, nestFormKeys, ok, type App } from '../../platform/http.ts';
import type { PropertyOwnerService } from './owner-service.ts';

const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 413: errorResponse };

/** Pictures, documents and a few file parameters: the most files one listing write may carry. */
const LISTING_FILES = MAX_GALLERY_IMAGES + MAX_DOCUMENTS + 3 + 7;

/** Per owner: listing writes are heavy (pictures are re-encoded), so a burst is refused early. */
export const listingWriteLimit = { max: 60, timeWindow: '1 hour', keyGenerator: (request: FastifyRequest) => `listing-write:${request.viewer?.id ?? request.ip}` };

export async function propertyOwnerRoutes(app: App, { propertyOwners }: { propertyOwners: PropertyOwnerService }) {
  app.post('/post_property', {
    // (A): the token is checked before any of the body is read.
    onRequest: requireViewer,
    preValidation: nestFormKeys,
    config: { rateLimit: listingWriteLimit, multipartOptions: { limits: { files: LISTING_FILES } } },
    schema: {
      tags: ['owner listings'],
      summary:
        'Add a listing (multipart): title_image, gallery_images[i], three_d_image, documents[i], meta_image, parameters[i][parameter_id|value] (a value may be a file), facilities[i][facility_id|distance]. Gates: complete profile, verification when required, a property_list unit',
      security: [{ bearer: [] }],
      body: postPropertyBody,
      response: { 200: listEnvelope(ownedProperty), ...refusals },
    },
    handler: async (request) => ok([await propertyOwners.create(request.body, contextOf(request))], 'Property added successfully', { total: 1 }),
  });

  app.post('/update_post_property', {
    onRequest: requireViewer,
    preValidation: nestFormKeys,
    config: { rateLimit: listingWriteLimit, multipartOptions: { limits: { files: LISTING_FILES } } },
    schema: {
      tags: ['owner listings'],
      summary:
        'Edit one’s own listing: any field of post_property, with remove_gallery_images, remove_documents (ids) and remove_three_d_image; action_type 1 deletes it. The edit is reviewed again unless auto_approve is on or the owner is verified',
      security: [{ bearer: [] }],
      body: updatePropertyBody,
      response: { 200: listEnvelope(ownedProperty), ...refusals },
    },
    handler: async (request) => {
      const updated = await propertyOwners.update(request.body, contextOf(request));
      return updated ? ok([updated], 'Property updated successfully', { total: 1 }) : ok([], 'Property deleted successfully', { total: 0 });
    },
  });

  app.post('/delete_property', {
    onRequest: requireViewer,
    schema: {
      tags: ['owner listings'],
      summary: 'Delete one’s own listing with its pictures and documents; a unit spent on one not yet approved is given back',
      security: [{ bearer: [] }],
      body: deleteListingBody,
      response: { 200: envelope(z.null()), ...refusals },
    },
    handler: async (request) => {
      await propertyOwners.remove(request.body.id, contextOf(request));
      return ok(null, 'Property deleted successfully');
    },
  });

  app.post('/update_property_status', {
    onRequest: requireViewer,
    schema: {
      tags: ['owner listings'],
      summary: 'Mark one’s own sale listing sold (2) or for sale again (0), a rent listing rented (3) or for rent again (1)',
      security: [{ bearer: [] }],
      body: updatePropertyStatusBody,
      response: { 200: listEnvelope(ownedProperty), ...refusals },
    },
    handler: async (request) => ok([await propertyOwners.setDealStatus(request.body.property_id, request.body.status, contextOf(request))], 'Property status updated', { total: 1 }),
  });

  app.post('/change-property-status', {
    onRequest: requireViewer,
    schema: {
      tags: ['owner listings'],
      summary: 'Pause (0) or re-activate (1) one’s own approved listing',
      security: [{ bearer: [] }],
      body: changePropertyStatusBody,
      response: { 200: listEnvelope(ownedProperty), ...refusals },
    },
    handler: async (request) => ok([await propertyOwners.setActive(request.body.property_id, request.body.status, contextOf(request))], 'Property status updated', { total: 1 }),
  });

  app.get('/get-added-properties', {
    onRequest: requireViewer,
    schema: {
      tags: ['owner listings'],
      summary: 'One’s own listings in every state (newest first) with reject reason, views, favourites, interested users and price history; filters by state and sale / rent',
      security: [{ bearer: [] }],
      querystring: addedPropertiesQuery,
      response: { 200: listEnvelope(ownedProperty, { total_views: z.number().int() }), 400: errorResponse, 401: errorResponse },
    },
    handler: async (request) => {
      const { data, total, total_views } = await propertyOwners.owned(request.query, contextOf(request));
      return ok(data, 'Data fetched successfully', { total, total_views });
    },
  });
}
