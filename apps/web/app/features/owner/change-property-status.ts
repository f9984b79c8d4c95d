import { useT } from '../../lib/i18n.ts';
import { useOwnerMutation } from './owner-mutation.ts';

/** `change-property-status`: the owner pauses (0) or re-activates (1) an approved listing. */
export function useChangePropertyStatus() {
  const t = useT();
  return useOwnerMutation<{ propertyId: number; status: 0 | 1 }>(
    'change-property-status',
    ({ propertyId, status }) => ({ property_id: propertyId, status }),
    ({ status }) => (status === 0 ? t('ownerPaused', 'Paused: visitors no longer see it.') : t('ownerReactivated', 'Active again: visitors see it.')),
  );
}
