import { useT } from '../../lib/i18n.ts';
import { useOwnerMutation } from './owner-mutation.ts';

/** `delete_property`: the owner deletes one of their properties, its pictures and documents with it. */
export function useDeleteProperty() {
  const t = useT();
  return useOwnerMutation<{ id: number }>('delete_property', ({ id }) => ({ id }), () => t('ownerPropertyDeleted', 'Property deleted.'));
}
