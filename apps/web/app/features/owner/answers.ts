/** The answers of the owner's calls, checked with the contract's schemas; imported on demand so zod stays out of every page's first load. */
import { category, envelope, interestedUser, listEnvelope, ownedProject, ownedProperty, user, webSettings } from '@estate/core';
import { z } from 'zod';

export const addedPropertiesAnswer = listEnvelope(ownedProperty, { total_views: z.number() });
export const addedProjectsAnswer = listEnvelope(ownedProject);
export const interestedUsersAnswer = listEnvelope(interestedUser);
export const categoriesAnswer = listEnvelope(category);
/** The write calls answer the listing as it is now; only their message is needed. */
export const messageAnswer = z.object({ error: z.boolean(), message: z.string() });
export const settingsAnswer = envelope(webSettings);
export const userAnswer = envelope(user);
