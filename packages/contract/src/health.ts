import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  database: z.enum(['pglite', 'postgres']),
  time: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** What the server publishes at /config.json for the app, read at runtime. */
export const runtimeConfigSchema = z.object({
  apiBaseUrl: z.string(),
  buildId: z.string(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
