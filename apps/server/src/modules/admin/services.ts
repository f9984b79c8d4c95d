import type { Database } from '../../db/client.ts';
import type { DashboardService } from './dashboard-service.ts';
import type { ModerationService } from './moderation-service.ts';

/** What the console's routes are given (app.ts builds them). */
export interface AdminServices {
  db: Database;
  dashboard: DashboardService;
  moderation: ModerationService;
}
