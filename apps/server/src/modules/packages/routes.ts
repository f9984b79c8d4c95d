import { checkPackageLimitQuery, envelope, errorResponse, getPackageAnswer, packageLimit } from '@estate/core';
import { requireViewer } from '../../platform/auth.ts';
import { contextOf, ok, type App } from '../../platform/http.ts';
import type { PackageService } from './service.ts';

export async function packageRoutes(app: App, { packages }: { packages: PackageService }) {
  const getPackage = (url: string, summary: string) =>
    app.get(url, {
      config: { publicCache: true },
      schema: { tags: ['packages'], summary, response: { 200: getPackageAnswer } },
      handler: async (request) => ({ error: false, message: 'Data fetched successfully', ...(await packages.packages(contextOf(request))) }),
    });
  getPackage('/get-package', 'Packages on sale; with a token also the user’s running packages with used_limit / total_limit per feature');
  // api-contract "Conventions": deployed clients still call the older name.
  getPackage('/get_package', 'The older name of get-package (same answer)');

  app.get('/check-package-limit', {
    onRequest: requireViewer,
    schema: {
      tags: ['packages'],
      summary: 'Whether the user’s running packages allow one feature type (spec §4, §5): package, feature and limit availability',
      security: [{ bearer: [] }],
      querystring: checkPackageLimitQuery,
      response: { 200: envelope(packageLimit), 400: errorResponse, 401: errorResponse },
    },
    handler: async (request) => {
      const { limit, message } = await packages.check(request.viewer!.id, request.query.type);
      return ok(limit, message);
    },
  });
}
