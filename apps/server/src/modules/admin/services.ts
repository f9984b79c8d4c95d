import type { Database } from '../../db/client.ts';
import type { AdminCatalogueService } from './catalogue-service.ts';
import type { AdminContentService } from './content-service.ts';
import type { AdminLanguageService } from './language-service.ts';
import type { AdminAdsService } from './ads-service.ts';
import type { AdminPackagesService } from './packages-service.ts';
import type { AdminPaymentsService } from './payments-service.ts';
import type { AdminSettingsService } from './settings-service.ts';
import type { DashboardService } from './dashboard-service.ts';
import type { ModerationService } from './moderation-service.ts';
import type { InboxService } from './inbox-service.ts';
import type { PeopleService } from './people-service.ts';
import type { ReportsQueueService } from './reports-service.ts';
import type { VerificationAdminService } from './verification-service.ts';

/** What the console's routes are given (app.ts builds them). */
export interface AdminServices {
  db: Database;
  dashboard: DashboardService;
  moderation: ModerationService;
  catalogueAdmin: AdminCatalogueService;
  contentAdmin: AdminContentService;
  languagesAdmin: AdminLanguageService;
  adminPackages: AdminPackagesService;
  adminPayments: AdminPaymentsService;
  adminAds: AdminAdsService;
  adminSettings: AdminSettingsService;
  people: PeopleService;
  inbox: InboxService;
  reportsQueue: ReportsQueueService;
  verificationAdmin: VerificationAdminService;
}
