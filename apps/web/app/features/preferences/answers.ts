/** The answers of this area, checked with the contract's schemas; imported on demand so zod stays out of every page's first load. */
import { envelope, facility, listEnvelope, personalisedFields } from '@estate/core';
import { z } from 'zod';

export const preferencesAnswer = envelope(personalisedFields.nullable());
export const savedPreferencesAnswer = envelope(personalisedFields);
export const removedAnswer = envelope(z.null());
export const facilitiesAnswer = listEnvelope(facility);
