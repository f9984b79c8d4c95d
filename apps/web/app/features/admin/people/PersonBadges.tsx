import type { PersonRole, PersonRow } from '@estate/core';
import { useT } from '../../../lib/i18n.ts';

const pill = 'inline-block w-fit rounded-full px-2.5 py-0.5 text-xs font-semibold';

export function RoleBadge({ role }: { role: PersonRole }) {
  const t = useT();
  const label = { user: t('adminRoleUser', 'User'), agent: t('adminRoleAgent', 'Agent'), admin: t('adminRoleAdmin', 'Administrator') }[role];
  const tone = { user: 'bg-slate-100 text-slate-800', agent: 'bg-sky-100 text-sky-900', admin: 'bg-violet-100 text-violet-900' }[role];
  return <span className={`${pill} ${tone}`}>{label}</span>;
}

/** Active or not, and the verified badge (or a pending / failed application). */
export function StatusBadges({ person }: { person: Pick<PersonRow, 'is_active' | 'verification_status'> }) {
  const t = useT();
  return (
    <span className="inline-flex flex-wrap gap-1">
      {person.is_active ? <span className={`${pill} bg-emerald-100 text-emerald-900`}>{t('adminActive', 'Active')}</span> : <span className={`${pill} bg-red-100 text-red-800`}>{t('adminDeactivated', 'Deactivated')}</span>}
      {person.verification_status === 'success' && <span className={`${pill} bg-sky-100 text-sky-900`}>{t('adminVerified', 'Verified')}</span>}
      {person.verification_status === 'pending' && <span className={`${pill} bg-amber-100 text-amber-900`}>{t('adminVerificationPending', 'Verification pending')}</span>}
      {person.verification_status === 'failed' && <span className={`${pill} bg-slate-200 text-slate-800`}>{t('adminVerificationFailedBadge', 'Failed')}</span>}
    </span>
  );
}
