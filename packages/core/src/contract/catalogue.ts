import { z } from 'zod';
import { PARAMETER_TYPES } from './codes.ts';
import { flagField, intField, metaShape, paginationQuery, textField } from './common.ts';

export const parameter = z.object({
  id: z.number().int(),
  name: z.string(),
  type_of_parameter: z.enum(PARAMETER_TYPES),
  type_values: z.array(z.string()).nullable(),
  image: z.string().nullable(),
  is_required: z.number().int(),
});
export type Parameter = z.infer<typeof parameter>;

export const parameterValue = parameter.extend({ value: z.union([z.string(), z.array(z.string())]) });
export type ParameterValue = z.infer<typeof parameterValue>;

/** What a parameter means, whatever its name in any language; the facts a card shows are chosen by it. */
export const PARAMETER_CODES = ['bedrooms', 'bathrooms', 'living_rooms', 'floors', 'area', 'washrooms'] as const;

/** A parameter's value as shown on a card: what a card displays, without the option lists. */
export const cardParameterValue = parameter
  .pick({ id: true, name: true, type_of_parameter: true, image: true })
  .extend({ value: parameterValue.shape.value, code: z.enum(PARAMETER_CODES).nullable() });
export type CardParameterValue = z.infer<typeof cardParameterValue>;

export const categoryRef = z.object({
  id: z.number().int(),
  category: z.string(),
  image: z.string().nullable(),
  slug_id: z.string(),
});
export type CategoryRef = z.infer<typeof categoryRef>;

export const category = categoryRef.extend({
  parameter_types: z.array(parameter),
  properties_count: z.number().int(),
  ...metaShape,
});
export type Category = z.infer<typeof category>;

export const facility = z.object({ id: z.number().int(), name: z.string(), image: z.string().nullable() });
export type Facility = z.infer<typeof facility>;

export const assignedFacility = z.object({
  id: z.number().int(),
  property_id: z.number().int(),
  facility_id: z.number().int(),
  distance: z.number(),
  name: z.string(),
  image: z.string().nullable(),
});
export type AssignedFacility = z.infer<typeof assignedFacility>;

export const city = z.object({ City: z.string(), Count: z.number().int(), image: z.string().nullable() });
export type City = z.infer<typeof city>;

export const getCategoriesQuery = z.object({
  ...paginationQuery(50),
  search: textField('search', 100).optional(),
  has_property: flagField('has_property').optional(),
});

export const getCitiesQuery = z.object({ ...paginationQuery(20) });

export const getFacilitiesQuery = z.object({ ...paginationQuery(100) });

export const getLanguagesQuery = z.object({
  language_code: z
    .string({ error: 'language_code must be text' })
    .trim()
    .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})?$/, { error: 'language_code must be a language code such as en or hi' })
    .optional(),
  web_language_file: intField('web_language_file', { min: 0, max: 1 }).optional(),
});

export const language = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  rtl: z.number().int(),
  file_name: z.record(z.string(), z.string()).optional(),
});
export type Language = z.infer<typeof language>;
