/**
 * The console's sections, in the order of the side menu. Each area adds its entry here; `label`
 * is a `[key, English]` pair for `t` (scripts/i18n.mjs collects pairs marked `// t`).
 */
export interface AdminNavEntry {
  to: string;
  label: readonly [key: string, english: string];
  /** Only the exact path counts as this section (the dashboard's `/admin`). */
  end?: boolean;
  /** A count beside the label (what waits there). */
  badge?: 'inbox';
}

export const ADMIN_NAV: AdminNavEntry[] = [
  {
    to: '/admin',
    label: ['adminNavDashboard', 'Dashboard'], // t
    end: true,
  },
  {
    to: '/admin/listings',
    label: ['adminNavModeration', 'Listings to review'], // t
  },
  {
    to: '/admin/reports',
    label: ['adminNavReports', 'Reports'], // t
  },
  {
    to: '/admin/verifications',
    label: ['adminNavVerification', 'Agent verification'], // t
  },
  {
    to: '/admin/people',
    label: ['adminNavPeople', 'People'], // t
  },
  {
    to: '/admin/messages',
    label: ['adminNavInbox', 'Messages'], // t
    badge: 'inbox',
  },
  {
    to: '/admin/packages',
    label: ['adminNavPackages', 'Packages'], // t
  },
  {
    to: '/admin/payments',
    label: ['adminNavPayments', 'Payments'], // t
  },
  {
    to: '/admin/advertisements',
    label: ['adminNavAdvertisements', 'Featured listings'], // t
  },
  {
    to: '/admin/settings',
    label: ['adminNavSettings', 'Settings'], // t
  },
  {
    to: '/admin/articles',
    label: ['adminNavContent', 'Content'], // t
  },
  {
    to: '/admin/catalogue/categories',
    label: ['adminNavCatalogue', 'Catalogue'], // t
  },
  {
    to: '/admin/languages',
    label: ['adminNavLanguages', 'Languages'], // t
  },
  {
    to: '/admin/audit',
    label: ['adminNavAudit', 'Audit log'], // t
  },
];
