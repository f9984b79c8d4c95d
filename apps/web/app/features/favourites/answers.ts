/** The answers of this area, checked with the contract's schemas; imported on demand so zod stays out of every page's first load. */
import { envelope, favouriteState, interestState, listEnvelope, propertyDetail, userMarks } from '@estate/core';

export const userMarksAnswer = envelope(userMarks);
export const favouriteStateAnswer = envelope(favouriteState);
export const interestStateAnswer = envelope(interestState);
export const favouritesAnswer = listEnvelope(propertyDetail);
