import { z } from 'zod';

/** Production talks to the live services; staging ("barn") signs for other contracts. */
export const environmentSchema = z.enum(['production', 'staging']);
export type Environment = z.infer<typeof environmentSchema>;
export const ENVIRONMENTS = environmentSchema.options;
export const DEFAULT_ENVIRONMENT: Environment = 'production';
