/** The `mortgage-calculator` answer, checked with the contract's schema (loaded only when the breakdown is asked for). */
import { envelope, mortgageResult } from '@estate/core';

export const mortgageAnswer = envelope(mortgageResult);
