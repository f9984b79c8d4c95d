import {
  adminCategory,
  adminCategoryBody,
  adminCity,
  adminCityBody,
  adminFacility,
  adminFacilityBody,
  adminIdParams,
  adminParameter,
  adminParameterBody,
  adminReportReason,
  adminReportReasonBody,
  adminSlider,
  adminSliderBody,
  envelope,
  errorResponse,
} from '@estate/core';
import { contextOf, ok, type App } from '../../platform/http.ts';
import { crudRoutes } from './crud-routes.ts';
import type { AdminServices } from './services.ts';

const withFile = (field: string) => `JSON, or multipart with the ${field} in \`image\``;

export async function catalogueAdminRoutes(app: App, { catalogueAdmin: s }: AdminServices) {
  crudRoutes(app, {
    path: '/categories',
    what: 'property categories with their parameters',
    row: adminCategory,
    body: adminCategoryBody,
    bodyNote: withFile('icon (SVG, cleaned, or a picture)'),
    list: (q, ctx) => s.categories(q, ctx),
    save: (id, body, ctx) => s.saveCategory(id, body, ctx),
    remove: (id, ctx) => s.deleteCategory(id, ctx),
  });
  app.get('/categories/:id', {
    schema: {
      tags: ['admin'],
      summary: 'Admin: one property category with its parameters in order and its translations',
      security: [{ bearer: [] }],
      params: adminIdParams,
      response: { 200: envelope(adminCategory), 401: errorResponse, 403: errorResponse, 404: errorResponse },
    },
    handler: async (request) => ok(await s.getCategory(request.params.id, contextOf(request))),
  });
  crudRoutes(app, {
    path: '/parameters',
    what: 'listing parameters (bedrooms, parking…) with their type and options',
    row: adminParameter,
    body: adminParameterBody,
    bodyNote: withFile('icon (SVG, cleaned, or a picture)'),
    list: (q, ctx) => s.parameters(q, ctx),
    save: (id, body, ctx) => s.saveParameter(id, body, ctx),
    remove: (id, ctx) => s.deleteParameter(id, ctx),
  });
  crudRoutes(app, {
    path: '/facilities',
    what: 'outdoor facilities (school, metro…)',
    row: adminFacility,
    body: adminFacilityBody,
    bodyNote: withFile('icon (SVG, cleaned, or a picture)'),
    list: (q, ctx) => s.facilities(q, ctx),
    save: (id, body, ctx) => s.saveFacility(id, body, ctx),
    remove: (id, ctx) => s.deleteFacility(id, ctx),
  });
  crudRoutes(app, {
    path: '/cities',
    what: 'cities with their pictures',
    row: adminCity,
    body: adminCityBody,
    bodyNote: withFile('picture'),
    list: (q, ctx) => s.cities(q, ctx),
    save: (id, body, ctx) => s.saveCity(id, body, ctx),
    remove: (id, ctx) => s.deleteCity(id, ctx),
  });
  crudRoutes(app, {
    path: '/sliders',
    what: 'home-page slides',
    row: adminSlider,
    body: adminSliderBody,
    bodyNote: 'multipart with the picture in `image` and an optional wide one in `web_image`',
    list: (q, ctx) => s.sliders(q, ctx),
    save: (id, body, ctx) => s.saveSlider(id, body, ctx),
    remove: (id, ctx) => s.deleteSlider(id, ctx),
  });
  crudRoutes(app, {
    path: '/report-reasons',
    what: 'the reasons a user can give when reporting a listing',
    row: adminReportReason,
    body: adminReportReasonBody,
    list: (q) => s.reportReasons(q),
    save: (id, body, ctx) => s.saveReportReason(id, body, ctx),
    remove: (id, ctx) => s.deleteReportReason(id, ctx),
  });
}
