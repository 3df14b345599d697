import '../zod.ts';
import { z } from 'zod';

/** Every API error body (DESIGN §3). */
export const ApiErrorSchema = z.object({ error: z.string(), code: z.string() });
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const SuccessSchema = z.object({ success: z.literal(true) });

export const HealthSchema = z.object({ status: z.enum(['ok', 'error']), db: z.enum(['up', 'down']), latencyMs: z.number() });
export type Health = z.infer<typeof HealthSchema>;
