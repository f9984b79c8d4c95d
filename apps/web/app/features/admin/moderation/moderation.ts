import { adminPage, envelope, moderateResult, moderationItem, type ModerationKind } from '@estate/core';
import { useAdminMutation } from '../use-admin-mutation.ts';
import { useAdminTable } from '../use-admin-table.ts';
import type { Translate } from '../../../lib/i18n.ts';

const listAnswer = adminPage(moderationItem);
const moderateAnswer = envelope(moderateResult);

/** `GET /api/admin/listings/{kind}`: one page of listings by review state. */
export const useModerationTable = (kind: ModerationKind) => useAdminTable(`listings-${kind}`, `listings/${kind}`, listAnswer, { filters: ['status'], filterDefaults: { status: 'pending' }, defaultSort: 'created_at' });

export interface ModerateInput {
  kind: ModerationKind;
  ids: number[];
  action: 'approve' | 'reject';
  reason?: string;
}

/** `POST /api/admin/listings/{kind}/moderate`: approve, or reject with the reason the owner reads. */
export function useModerate(t: Translate) {
  return useAdminMutation(
    (input: ModerateInput) => ({ path: `listings/${input.kind}/moderate`, json: { ids: input.ids, action: input.action, reason: input.reason } }),
    (input, answer) => {
      const n = answer.data.changed.length;
      return input.action === 'approve' ? t.count(n, 'adminApprovedToast', '{count} listing approved', '{count} listings approved') : t.count(n, 'adminRejectedToast', '{count} listing rejected', '{count} listings rejected');
    },
    moderateAnswer,
  );
}
