/** The answers of the alerts area, checked with the contract's schemas; imported on demand so zod stays out of every page's first load. */
import { envelope, listEnvelope, searchAlert } from '@estate/core';
import { z } from 'zod';

export const alertAnswer = envelope(searchAlert);
export const alertsAnswer = listEnvelope(searchAlert);
export const deletedAnswer = envelope(z.null());
