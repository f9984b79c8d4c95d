import { useT } from '../../lib/i18n.ts';
import { useOwnerMutation } from './owner-mutation.ts';

/** 2 sold, 3 rented; 0 and 1 put a sold or rented listing back for sale or rent. */
export type MarketStatus = 0 | 1 | 2 | 3;

/** `update_property_status`: the owner marks a sale sold or a rent rented, and back. */
export function useUpdatePropertyStatus() {
  const t = useT();
  return useOwnerMutation<{ propertyId: number; status: MarketStatus }>(
    'update_property_status',
    ({ propertyId, status }) => ({ property_id: propertyId, status }),
    ({ status }) =>
      status === 2
        ? t('ownerMarkedSold', 'Marked as sold.')
        : status === 3
          ? t('ownerMarkedRented', 'Marked as rented.')
          : status === 0
            ? t('ownerBackToSale', 'Back on sale.')
            : t('ownerBackToRent', 'Back for rent.'),
  );
}
