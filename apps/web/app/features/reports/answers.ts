/** The answers of this area, checked with the contract's schemas; imported on demand so zod stays out of every page's first load. */
import { envelope, listEnvelope, reportReason, reportState } from '@estate/core';

export const reportReasonsAnswer = listEnvelope(reportReason);
export const reportStateAnswer = envelope(reportState);
