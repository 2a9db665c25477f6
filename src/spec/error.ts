import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/** One entry of INPUT_INVALID's data.details. */
export const FieldDetailSchema = lazySchema(() => z.looseObject({ field: z.string(), reason: z.string() }));

/** The Error object: name, message and data with the request's zid (details on INPUT_INVALID). */
export const ServiceErrorSchema = lazySchema(() =>
  z.looseObject({
    name: z.string(),
    message: z.string(),
    data: z.looseObject({ zid: z.string(), details: z.array(FieldDetailSchema).optional() }),
  }),
);
/** A service error body. */
export type ServiceError = z.infer<typeof ServiceErrorSchema>;

/**
 * What the app reads an error body by: its name and message, whatever else drifts from the spec
 * (the schema report lists the drift), so the service's words are shown even then.
 */
export const NamedErrorSchema = lazySchema(() => ServiceErrorSchema.pick({ name: true, message: true }));
