import type { App } from '../../platform/http.ts';
import { requireAdmin } from '../../platform/auth.ts';
import { auditRoutes } from './audit-routes.ts';
import { catalogueAdminRoutes } from './catalogue-routes.ts';
import { contentAdminRoutes } from './content-routes.ts';
import { languageAdminRoutes } from './language-routes.ts';
import { dashboardRoutes } from './dashboard-routes.ts';
import { moderationRoutes } from './moderation-routes.ts';
import { moneyRoutes } from './money-routes.ts';
import { settingsAdminRoutes } from './settings-routes.ts';
import { inboxRoutes } from './inbox-routes.ts';
import { peopleRoutes } from './people-routes.ts';
import { reportsRoutes } from './reports-routes.ts';
import { verificationAdminRoutes } from './verification-routes.ts';
import type { AdminServices } from './services.ts';

/**
 * `/api/admin/*`: the console's API. The guard is a hook on the whole scope, so no admin route can
 * be added without it; each area registers its routes in its own file.
 */
export async function adminRoutes(app: App, services: AdminServices) {
  await app.register(
    async (admin: App) => {
      admin.addHook('onRequest', requireAdmin);
      await admin.register(dashboardRoutes, services);
      await admin.register(moderationRoutes, services);
      await admin.register(moneyRoutes, services);
      await admin.register(settingsAdminRoutes, services);
      await admin.register(auditRoutes, services);
      await admin.register(catalogueAdminRoutes, services);
      await admin.register(contentAdminRoutes, services);
      await admin.register(languageAdminRoutes, services);
      await admin.register(reportsRoutes, services);
      await admin.register(verificationAdminRoutes, services);
      await admin.register(peopleRoutes, services);
      await admin.register(inboxRoutes, services);
    },
    { prefix: '/admin' },
  );
}
