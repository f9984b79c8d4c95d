import type { Dashboard } from '@estate/core';
import type { Database } from '../../db/client.ts';
import type { SettingsService } from '../settings/service.ts';
import { dashboardRepository as repo } from './dashboard-repository.ts';
import { inboxRepository } from './inbox-repository.ts';

/** The console's first screen: how the marketplace is doing, and what is waiting for an admin. */
export class DashboardService {
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
  ) {}

  async overview(): Promise<Dashboard> {
    const currency = (await this.settings.values()).currency_code;
    const [properties, projects, users, revenue, reports, verifications, messages, series] = await Promise.all([
      repo.stateCounts(this.db, 'properties'),
      repo.stateCounts(this.db, 'projects'),
      repo.users(this.db),
      repo.revenue(this.db, currency),
      repo.openReports(this.db),
      repo.pendingVerifications(this.db),
      inboxRepository.unread(this.db),
      repo.series(this.db, currency),
    ]);
    return {
      properties,
      projects,
      users,
      revenue: { currency, ...revenue },
      queues: { pending_listings: properties.pending + projects.pending, open_reports: reports, pending_verifications: verifications, unread_messages: messages },
      series,
    };
  }
}
