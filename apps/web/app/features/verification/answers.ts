/** The answers of this area, checked with the contract's schemas; imported on demand so zod stays out of every page's first load. */
import { VERIFICATION_STATUSES, envelope, listEnvelope, verificationField, verificationState, verificationValue } from '@estate/core';
import { z } from 'zod';

export const verificationFieldsAnswer = listEnvelope(verificationField);
export const verificationValuesAnswer = listEnvelope(verificationValue, { verification_status: z.enum(VERIFICATION_STATUSES), reason: z.string().nullable() });
export const verificationStateAnswer = envelope(verificationState);
