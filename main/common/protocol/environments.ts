import { z } from 'zod';

/** Production talks to the live services; staging ("barn") signs for other contracts. */
// The list is plain data, so a screen that lists the environments loads no zod (issue 35).
export const ENVIRONMENTS = ['production', 'staging'] as const;
export const environmentSchema = z.enum(ENVIRONMENTS);
export type Environment = z.infer<typeof environmentSchema>;
export const DEFAULT_ENVIRONMENT: Environment = 'production';
