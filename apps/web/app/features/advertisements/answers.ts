/** The answers of the featuring calls, checked with the contract's schemas (loaded only by the pages that ask). */
import { advertisement, envelope, listEnvelope } from '@estate/core';

export const advertisementAnswer = envelope(advertisement);
export const advertisementsAnswer = listEnvelope(advertisement);
