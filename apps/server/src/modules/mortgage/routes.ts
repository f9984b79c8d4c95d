import { envelope, errorResponse, mortgageQuery, mortgageResult } from '@estate/core';
import { contextOf, ok, type App } from '../../platform/http.ts';
import type { MortgageService } from './service.ts';

export async function mortgageRoutes(app: App, { mortgage }: { mortgage: MortgageService }) {
  app.get('/mortgage-calculator', {
    schema: {
      tags: ['properties'],
      summary: 'A fixed-rate loan’s monthly instalment; with show_all_details=1 (the mortgage_calculator_detail feature) its schedule by year and month',
      querystring: mortgageQuery,
      response: { 200: envelope(mortgageResult), 400: errorResponse, 401: errorResponse, 403: errorResponse },
    },
    handler: async (request) => ok(await mortgage.calculate(request.query, contextOf(request))),
  });
}
