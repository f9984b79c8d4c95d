/** The answers of the payment calls, checked with the contract's schemas (loaded only by the pages that ask). */
import { envelope, listEnvelope, paymentIntentAnswer, paymentSettings, paymentTransaction } from '@estate/core';

export const intentAnswer = envelope(paymentIntentAnswer);
export const settingsAnswer = envelope(paymentSettings);
export const transactionAnswer = envelope(paymentTransaction);
export const historyAnswer = listEnvelope(paymentTransaction);
