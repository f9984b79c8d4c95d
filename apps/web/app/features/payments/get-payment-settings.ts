import { PAYMENT_PROVIDERS, type PaymentProviderName, type PaymentSettings } from '@estate/core';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/client.ts';
import { useSession } from '../../lib/session.ts';

/** The providers `get_payment_settings` says are on, in the contract's order (the sandbox first). */
export function enabledProviders(settings: PaymentSettings): PaymentProviderName[] {
  return PAYMENT_PROVIDERS.filter((name) => settings[`${name}_status`] === '1');
}

export const paymentSettingsKey = (userId: number | undefined) => ['payment-settings', userId] as const;

export async function fetchPaymentSettings(): Promise<PaymentSettings> {
  const { settingsAnswer } = await import('./answers.ts');
  return (await call('get_payment_settings', settingsAnswer)).data;
}

/** `get_payment_settings`: which providers are on, with their public keys only. */
export function usePaymentSettings() {
  const session = useSession();
  return useQuery({ queryKey: paymentSettingsKey(session?.data.id), enabled: !!session, queryFn: fetchPaymentSettings });
}
