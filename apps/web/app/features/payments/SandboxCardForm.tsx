import { SANDBOX_CARDS, type PaymentTransaction } from '@estate/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { FormAlert, inputClass } from '../../components/Form.tsx';
import { RequestError } from '../../lib/client.ts';
import { localizeMessage, useT, type Translate } from '../../lib/i18n.ts';
import { type CardErrors, type CardField, type CardProblem, formatCardNumber, formatExpiry, cardDigits, validateCard } from './card.ts';
import { sandboxPay } from './sandbox-pay.ts';

function problemText(field: CardField, problem: CardProblem, t: Translate): string {
  if (problem === 'required') {
    if (field === 'number') return t('cardNumberRequired', 'Enter the card number.');
    if (field === 'expiry') return t('cardExpiryRequired', 'Enter the expiry date.');
    return t('cardCvcRequired', 'Enter the security code.');
  }
  const texts: Record<Exclude<CardProblem, 'required'>, string> = {
    number: t('cardNumberLength', 'A card number has 12 to 19 digits.'),
    luhn: t('cardNumberInvalid', 'This card number is not valid. Check it for typos.'),
    expiry: t('cardExpiryFormat', 'Enter the expiry as MM/YY, for example 08/29.'),
    expired: t('cardExpired', 'This card has expired.'),
    cvc: t('cardCvcFormat', 'The security code has 3 or 4 digits.'),
  };
  return texts[problem];
}

/** The server's field names for the form's. */
const SERVER_FIELDS: Record<string, CardField> = { card_number: 'number', expiry: 'expiry', cvc: 'cvc' };

/** What each test card does (SANDBOX_CARDS). */
const CARD_TEXTS: Record<keyof typeof SANDBOX_CARDS, readonly [key: string, english: string]> = {
  success: ['sandboxCardSuccess', 'Payment succeeds'], // t
  decline: ['sandboxCardDecline', 'Payment is declined'], // t
  timeout: ['sandboxCardTimeout', 'No answer (times out)'], // t
};
const TEST_CARDS = (Object.keys(CARD_TEXTS) as (keyof typeof SANDBOX_CARDS)[]).map((kind) => ({ number: SANDBOX_CARDS[kind], text: CARD_TEXTS[kind] }));

function CardInput(props: {
  field: CardField;
  label: string;
  value: string;
  error?: string;
  className?: string;
  inputRef?: React.Ref<HTMLInputElement>;
  onChange: (value: string) => void;
  onBlur: () => void;
  attrs: React.InputHTMLAttributes<HTMLInputElement>;
}) {
  const id = useId();
  return (
    <div className={props.className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {props.label}
      </label>
      <input
        id={id}
        ref={props.inputRef}
        name={props.field}
        value={props.value}
        dir="ltr"
        inputMode="numeric"
        onChange={(e) => props.onChange(e.target.value)}
        onBlur={props.onBlur}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        className={`${inputClass} font-mono tracking-wide ${props.error ? 'border-red-600' : 'border-slate-300'} text-start`}
        {...props.attrs}
      />
      <p id={`${id}-error`} aria-live="polite" className="mt-1 min-h-5 text-sm text-red-700">
        {props.error}
      </p>
    </div>
  );
}

/**
 * The built-in sandbox's checkout: a card form that looks and behaves like a real one (the number
 * in groups of four, MM/YY, the CVC; each field's message tied to it), with the test cards shown.
 * Nothing is sent until the form is right; the server checks it again and answers the payment.
 */
export function SandboxCardForm({ payment, payLabel, onPaid }: { payment: PaymentTransaction; payLabel: string; onPaid: (answer: PaymentTransaction) => void }) {
  const t = useT();
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const [touched, setTouched] = useState<Partial<Record<CardField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<CardField, string>>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const numberRef = useRef<HTMLInputElement>(null);
  const errors: CardErrors = validateCard(card, new Date());
  const shown = (field: CardField) =>
    serverErrors[field] ?? ((submitted || touched[field]) && errors[field] ? problemText(field, errors[field], t) : undefined);
  const set = (field: CardField, value: string) => {
    setCard((c) => ({ ...c, [field]: field === 'number' ? formatCardNumber(value) : field === 'expiry' ? formatExpiry(value, c.expiry) : value.replace(/\D/g, '').slice(0, 4) }));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
  };
  const fillCard = (number: string) => {
    const year = (new Date().getFullYear() + 3) % 100;
    setCard((c) => ({ number: formatCardNumber(number), expiry: c.expiry || `12/${String(year).padStart(2, '0')}`, cvc: c.cvc || '123' }));
    setServerErrors({});
    numberRef.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFormError(undefined);
    if (Object.keys(errors).length) {
      const first = (['number', 'expiry', 'cvc'] as const).find((f) => errors[f]);
      document.querySelector<HTMLInputElement>(`form[data-testid="sandbox-card-form"] input[name="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await sandboxPay({ payment_transaction_id: payment.id, card_number: cardDigits(card.number), expiry: card.expiry, cvc: card.cvc });
      onPaid(answer);
    } catch (error) {
      if (error instanceof RequestError && error.status === 401) return;
      const fields = error instanceof RequestError ? error.fieldErrors : {};
      const mapped = Object.fromEntries(Object.entries(fields).flatMap(([k, v]) => (SERVER_FIELDS[k] ? [[SERVER_FIELDS[k], localizeMessage(v, t)]] : [])));
      setServerErrors(mapped);
      setFormError(
        error instanceof RequestError && error.status === 400
          ? t('paymentInvalidDetails', 'Invalid payment details. Check the card and try again.')
          : localizeMessage((error as Error).message, t),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} data-testid="sandbox-card-form" aria-labelledby="card-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="card-heading" className="text-lg font-semibold text-slate-900">
          {t('payByCard', 'Pay by card')}
        </h2>
        <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">{t('sandboxBadge', 'Test mode')}</span>
      </div>
      <div className="mt-3 rounded-xl border border-dashed border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="test-cards">
        <p>{t('sandboxIntro', 'No real money moves here. Pay with one of these test cards, any future expiry date and any 3 digits:')}</p>
        <ul className="mt-2 grid gap-1">
          {TEST_CARDS.map((c) => (
            <li key={c.number} className="flex items-center justify-between gap-3">
              <span className="min-w-0 sm:flex sm:flex-wrap sm:gap-x-2">
                <bdi dir="ltr" className="block font-mono font-semibold">
                  {formatCardNumber(c.number)}
                </bdi>
                <span className="block">{t(...c.text)}</span>
              </span>
              <button type="button" onClick={() => fillCard(c.number)} className="min-h-11 shrink-0 rounded-md px-3 text-sm font-medium text-brand-dark underline hover:bg-amber-100">
                {t('sandboxUseCard', 'Use')} <span className="sr-only">{formatCardNumber(c.number)}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-4 grid grid-cols-2 gap-x-3">
        <CardInput
          field="number"
          className="col-span-2"
          label={t('cardNumber', 'Card number')}
          value={card.number}
          error={shown('number')}
          inputRef={numberRef}
          onChange={(v) => set('number', v)}
          onBlur={() => setTouched((x) => ({ ...x, number: !!card.number }))}
          attrs={{ autoComplete: 'cc-number', placeholder: '1234 1234 1234 1234', maxLength: 23 }}
        />
        <CardInput
          field="expiry"
          label={t('cardExpiry', 'Expiry (MM/YY)')}
          value={card.expiry}
          error={shown('expiry')}
          onChange={(v) => set('expiry', v)}
          onBlur={() => setTouched((x) => ({ ...x, expiry: !!card.expiry }))}
          attrs={{ autoComplete: 'cc-exp', placeholder: 'MM/YY', maxLength: 5 }}
        />
        <CardInput
          field="cvc"
          label={t('cardCvc', 'Security code (CVC)')}
          value={card.cvc}
          error={shown('cvc')}
          onChange={(v) => set('cvc', v)}
          onBlur={() => setTouched((x) => ({ ...x, cvc: !!card.cvc }))}
          attrs={{ autoComplete: 'cc-csc', placeholder: '123', maxLength: 4 }}
        />
      </div>
      <FormAlert message={formError} />
      <button
        type="submit"
        disabled={busy}
        className="mt-3 inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-lg bg-brand px-5 text-lg font-semibold text-white hover:bg-brand-dark disabled:cursor-wait disabled:opacity-70"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
          <path d="M10 2a4 4 0 0 0-4 4v2H5a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1V9a1 1 0 0 0-1-1h-1V6a4 4 0 0 0-4-4Zm-2 6V6a2 2 0 1 1 4 0v2H8Z" />
        </svg>
        {busy ? t('paying', 'Paying…') : payLabel}
      </button>
    </form>
  );
}
