import type { PackageOffer, PaymentProviderName } from '@estate/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { call, handleUnauthorized, RequestError } from '../../lib/client.ts';
import { localizeMessage, useT } from '../../lib/i18n.ts';
import { getSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { PACKAGES_KEY } from '../packages/get-packages.ts';
import { checkoutHref, createPaymentIntent } from './create-payment-intent.ts';
import { enabledProviders, fetchPaymentSettings, paymentSettingsKey } from './get-payment-settings.ts';
import { WEB_PROVIDERS } from './providers.ts';

/**
 * Choosing a plan: a visitor is sent to log in and back (spec §8, 401); a free package is granted
 * at once; a paid one opens its checkout. `replacing` is a pending payment given up for this one
 * (another provider chosen, or a retry), so it does not linger as pending.
 */
export function useBuyPlan() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const t = useT();
  return useMutation({
    mutationFn: async (input: { plan: Pick<PackageOffer, 'id' | 'name'>; method?: PaymentProviderName; replacing?: number }) => {
      const session = getSession();
      if (!session) {
        handleUnauthorized();
        return null;
      }
      // The server's first provider may be one the website cannot take (Razorpay): the first it can.
      const settings = input.method ? null : await queryClient.fetchQuery({ queryKey: paymentSettingsKey(session.data.id), queryFn: fetchPaymentSettings }).catch(() => null);
      const method = input.method ?? (settings ? enabledProviders(settings).find((p) => WEB_PROVIDERS.includes(p)) : undefined);
      const started = await createPaymentIntent(input.plan.id, method);
      if (input.replacing && input.replacing !== started.intent.payment_transaction_id) {
        await call('payment-transaction-fail', null, { method: 'POST', body: { payment_transaction_id: input.replacing } }).catch(() => null);
      }
      return started;
    },
    onSuccess: (started, input) => {
      if (!started) return;
      if (started.transaction.payment_status === 'success') {
        toast(t('planGranted', '{name} is yours now.').replace('{name}', input.plan.name));
        void queryClient.invalidateQueries({ queryKey: [PACKAGES_KEY] });
        return;
      }
      navigate(checkoutHref(started.intent.payment_transaction_id), { replace: input.replacing !== undefined });
    },
    onError: (error) => {
      if (!(error instanceof RequestError && error.status === 401)) toast(localizeMessage(error.message, t), 'error');
    },
  });
}
