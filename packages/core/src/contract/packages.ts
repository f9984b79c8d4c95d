import { z } from 'zod';
import { FEATURE_TYPES } from '../rules/feature-gate.ts';

export const PACKAGE_TYPES = ['free', 'paid'] as const;
export const LIMIT_TYPES = ['limited', 'unlimited'] as const;

/** `check-package-limit`: one of spec §4's seven feature types. */
export const checkPackageLimitQuery = z.object({
  type: z.enum(FEATURE_TYPES, {
    error: (issue) => (issue.input === undefined ? 'type is required' : `type must be one of ${FEATURE_TYPES.join(', ')}`),
  }),
});

/** A feature as a package grants it; `limit` is null when unlimited. */
export const packageFeature = z.object({
  id: z.number().int(),
  name: z.enum(FEATURE_TYPES),
  limit_type: z.enum(LIMIT_TYPES),
  limit: z.number().int().nullable(),
});

/** A package on sale (api-contract "get-package"); `duration` is in hours. */
export const packageOffer = z.object({
  id: z.number().int(),
  name: z.string(),
  package_type: z.enum(PACKAGE_TYPES),
  price: z.number(),
  duration: z.number().int(),
  features: z.array(packageFeature),
});
export type PackageOffer = z.infer<typeof packageOffer>;

/** A package a user holds: `id` is the package's, `user_package_id` this purchase's (one package may be bought twice). */
export const activePackage = packageOffer.extend({
  user_package_id: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  features: z.array(
    packageFeature.extend({
      /** Units spent; counted for unlimited features too. */
      used_limit: z.number().int(),
      /** Null when unlimited. */
      total_limit: z.number().int().nullable(),
    }),
  ),
});
export type ActivePackage = z.infer<typeof activePackage>;

export const featureEntry = z.object({ id: z.number().int(), name: z.enum(FEATURE_TYPES) });

/** `get-package`: `data` on sale, `active_packages` the caller's running ones (empty for a visitor), `all_features`. */
export const getPackageAnswer = z.object({
  error: z.boolean(),
  message: z.string(),
  data: z.array(packageOffer),
  active_packages: z.array(activePackage),
  all_features: z.array(featureEntry),
});
export type GetPackageAnswer = z.infer<typeof getPackageAnswer>;

/** `check-package-limit` (spec §3 "Package and feature availability"). */
export const packageLimit = z.object({
  package_available: z.boolean(),
  feature_available: z.boolean(),
  limit_available: z.boolean(),
});
export type PackageLimit = z.infer<typeof packageLimit>;
