import { Readable } from 'node:stream';
import { z } from 'zod';
import {
  adminAd,
  adminAdExtendBody,
  adminAdListQuery,
  adminDone,
  adminIdParams,
  adminPackage,
  adminPackageBody,
  adminPackageListQuery,
  adminPage,
  adminPayment,
  adminPaymentExportQuery,
  adminPaymentListQuery,
  adminRefundBody,
  errorResponse,
  flagField,
} from '@estate/core';
import { contextOf, ok, type App } from '../../platform/http.ts';
import type { AdminServices } from './services.ts';
import { pageAnswer } from './table.ts';

const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const admin = { tags: ['admin'], security: [{ bearer: [] }] };

/** The console's money: packages, payments (CSV, refunds) and featured listings. */
export async function moneyRoutes(app: App, { adminPackages, adminPayments, adminAds }: AdminServices) {
  // ── Packages ──
  app.get('/packages', {
    schema: { ...admin, summary: 'Admin: packages with their features and limits, how often each was bought; searchable, sortable, paged', querystring: adminPackageListQuery, response: { 200: adminPage(adminPackage), ...refusals } },
    handler: async (request) => {
      const { rows, total } = await adminPackages.list(request.query);
      return pageAnswer(rows, total, request.query);
    },
  });

  app.get('/packages/:id', {
    schema: { ...admin, summary: 'Admin: one package', params: adminIdParams, response: { 200: adminDone(adminPackage), ...refusals } },
    handler: async (request) => ok(await adminPackages.get(request.params.id)),
  });

  app.post('/packages', {
    schema: { ...admin, summary: 'Admin: a new package (price, duration in hours, features with limits); on sale at once when active', body: adminPackageBody, response: { 200: adminDone(adminPackage), ...refusals } },
    handler: async (request) => ok(await adminPackages.create(request.body, contextOf(request)), 'Package created'),
  });

  app.post('/packages/:id', {
    schema: { ...admin, summary: 'Admin: change a package; what buyers already hold keeps the limits it was granted with', params: adminIdParams, body: adminPackageBody, response: { 200: adminDone(adminPackage), ...refusals } },
    handler: async (request) => ok(await adminPackages.update(request.params.id, request.body, contextOf(request)), 'Package updated'),
  });

  app.post('/packages/:id/active', {
    schema: { ...admin, summary: 'Admin: put a package on sale (is_active 1) or take it off (0)', params: adminIdParams, body: z.object({ is_active: flagField('is_active') }), response: { 200: adminDone(adminPackage), ...refusals } },
    handler: async (request) => ok(await adminPackages.setActive(request.params.id, request.body.is_active, contextOf(request)), request.body.is_active ? 'Package on sale' : 'Package taken off sale'),
  });

  app.delete('/packages/:id', {
    schema: { ...admin, summary: 'Admin: delete a package nobody bought (409 for one that was bought: deactivate it instead)', params: adminIdParams, response: { 200: adminDone(z.object({ id: z.number().int() })), 409: errorResponse, ...refusals } },
    handler: async (request) => ok(await adminPackages.remove(request.params.id, contextOf(request)), 'Package deleted'),
  });

  // ── Payments ──
  app.get('/payments', {
    schema: { ...admin, summary: 'Admin: payments filtered by status, gateway, dates (UTC, inclusive) and buyer; searchable, sortable, paged', querystring: adminPaymentListQuery, response: { 200: adminPage(adminPayment), ...refusals } },
    handler: async (request) => {
      const { rows, total } = await adminPayments.list(request.query);
      return pageAnswer(rows, total, request.query);
    },
  });

  app.get('/payments/export', {
    schema: {
      ...admin,
      summary: 'Admin: the filtered payments as a CSV file (UTF-8, streamed; a cell starting with = + - @ is prefixed with an apostrophe)',
      querystring: adminPaymentExportQuery,
      response: { 200: z.string().describe('text/csv'), ...refusals },
    },
    handler: async (request, reply) => {
      const lines = await adminPayments.csv(request.query);
      const day = new Date().toISOString().slice(0, 10);
      reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="payments-${day}.csv"`).header('cache-control', 'no-store');
      // A stream is sent as it is read (Fastify does not serialise it); the schema documents the type.
      return reply.send(Readable.from(lines) as unknown as string);
    },
  });

  app.post('/payments/:id/refund', {
    schema: {
      ...admin,
      summary: 'Admin: give a successful payment back through the provider that took it; the payment becomes refunded and the package it granted ends',
      params: adminIdParams,
      body: adminRefundBody,
      response: { 200: adminDone(adminPayment), 409: errorResponse, 502: errorResponse, ...refusals },
    },
    handler: async (request) => ok(await adminPayments.refund(request.params.id, request.body.reason, contextOf(request)), 'Payment refunded'),
  });

  // ── Advertisements ──
  app.get('/advertisements', {
    schema: { ...admin, summary: 'Admin: featured listings with their dates and state (live, approved, pending, rejected, expired); searchable, sortable, paged', querystring: adminAdListQuery, response: { 200: adminPage(adminAd), ...refusals } },
    handler: async (request) => {
      const { rows, total } = await adminAds.list(request.query);
      return pageAnswer(rows, total, request.query);
    },
  });

  app.post('/advertisements/:id/end', {
    schema: { ...admin, summary: 'Admin: end a featured listing now', params: adminIdParams, body: z.object({}).optional(), response: { 200: adminDone(adminAd), 409: errorResponse, ...refusals } },
    handler: async (request) => ok(await adminAds.end(request.params.id, contextOf(request)), 'Advertisement ended'),
  });

  app.post('/advertisements/:id/extend', {
    schema: { ...admin, summary: 'Admin: extend a featured listing by some days (an ended one runs again from now)', params: adminIdParams, body: adminAdExtendBody, response: { 200: adminDone(adminAd), 409: errorResponse, ...refusals } },
    handler: async (request) => ok(await adminAds.extend(request.params.id, request.body.days, contextOf(request)), 'Advertisement extended'),
  });
}
