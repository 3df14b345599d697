import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CompleteRequestInputSchema,
  CreateRequestInputSchema,
  GlyphRequestSchema,
  ListRequestsQuerySchema,
  MyRequestsQuerySchema,
  MY_REQUEST_TYPES,
  REQUEST_STATUSES,
  RequestListSchema,
} from '@glyphary/shared';
import { getViewer, requireViewer } from '../../plugins/access.ts';
import type { Auth } from '../auth/auth.ts';
import { toGlyphRequest } from './requests.presenter.ts';
import type { RequestsService } from './requests.service.ts';

// Any string reaches the service, which answers 404 'Request not found' for non-UUIDs.
const IdParams = z.object({ id: z.string() });
const RequestResponse = z.object({ request: GlyphRequestSchema });
const MutationResponse = z.object({ success: z.literal(true), request: GlyphRequestSchema });
const CreateResponse = z.object({ success: z.literal(true), id: z.string(), request: GlyphRequestSchema });
const ListQuery = ListRequestsQuerySchema.extend({
  // SECURITY bounds: a bad limit is refused; an over-large one is clamped by role in the service.
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(1_000_000, 'limit is too large')
    .optional(),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset must be 0 or more')
    .max(2_147_483_647, 'offset is too large')
    .optional(),
  status: z.enum(REQUEST_STATUSES, { error: `status must be one of ${REQUEST_STATUSES.join(', ')}` }).optional(),
});
const MyQuery = MyRequestsQuerySchema.extend({
  type: z
    .enum(MY_REQUEST_TYPES, { error: `type must be one of ${MY_REQUEST_TYPES.join(', ')}` })
    .optional()
    .default('all'),
});
// The body is optional (spec §7 "optional glyph_id"): no body at all means "no glyph".
const CompleteBody = CompleteRequestInputSchema.nullish();

/**
 * Glyph request routes of spec §7 (DESIGN §4.5, SECURITY matrix): the board, create, detail,
 * take on, complete, cancel, my requests, and the admin delete, force-complete and reset.
 */
export const requestsRoutes: FastifyPluginAsyncZod<{ requests: RequestsService; auth: Auth }> = async (
  app,
  { requests, auth },
) => {
  app.get(
    '/api/glyph-requests',
    {
      config: { access: 'public' },
      schema: { tags: ['requests'], querystring: ListQuery, response: { 200: RequestListSchema } },
    },
    async (request) => {
      const viewer = await getViewer(request, auth);
      const page = await requests.list(request.query, viewer);
      return { requests: page.rows.map(toGlyphRequest), total: page.total, hasMore: page.hasMore };
    },
  );

  app.post(
    '/api/glyph-requests',
    {
      config: { access: 'user' },
      schema: { tags: ['requests'], body: CreateRequestInputSchema, response: { 200: CreateResponse } },
    },
    async (request) => {
      const viewer = await requireViewer(request, auth);
      const row = await requests.create(viewer, request.body);
      return { success: true as const, id: row.id, request: toGlyphRequest(row) };
    },
  );

  app.get(
    '/api/glyph-requests/:id',
    {
      config: { access: 'public' },
      schema: { tags: ['requests'], params: IdParams, response: { 200: RequestResponse } },
    },
    async (request) => ({ request: toGlyphRequest(await requests.getRow(request.params.id)) }),
  );

  app.post(
    '/api/glyph-requests/:id/take-on',
    {
      config: { access: 'user' },
      schema: { tags: ['requests'], params: IdParams, response: { 200: MutationResponse } },
    },
    async (request) => {
      const viewer = await requireViewer(request, auth);
      return { success: true as const, request: toGlyphRequest(await requests.takeOn(viewer, request.params.id)) };
    },
  );

  app.post(
    '/api/glyph-requests/:id/complete',
    {
      config: { access: 'user', authorize: async (request, viewer) => requests.assertAssignee(viewer, (request.params as { id?: string }).id ?? '') },
      schema: { tags: ['requests'], params: IdParams, body: CompleteBody, response: { 200: MutationResponse } },
    },
    async (request) => {
      const viewer = await requireViewer(request, auth);
      const glyphId = request.body?.glyph_id || null;
      return { success: true as const, request: toGlyphRequest(await requests.complete(viewer, request.params.id, glyphId)) };
    },
  );

  app.post(
    '/api/glyph-requests/:id/cancel',
    {
      config: { access: 'user' },
      schema: { tags: ['requests'], params: IdParams, response: { 200: MutationResponse } },
    },
    async (request) => {
      const viewer = await requireViewer(request, auth);
      return { success: true as const, request: toGlyphRequest(await requests.cancel(viewer, request.params.id)) };
    },
  );

  app.get(
    '/api/my-glyph-requests',
    {
      config: { access: 'user' },
      schema: {
        tags: ['requests'],
        querystring: MyQuery,
        response: { 200: z.object({ requests: z.array(GlyphRequestSchema) }) },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request, auth);
      const rows = await requests.listMine(viewer, request.query.type);
      return { requests: rows.map(toGlyphRequest) };
    },
  );

  app.delete(
    '/api/admin/glyph-requests/:id',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin', 'requests'], params: IdParams, response: { 200: z.object({ success: z.literal(true) }) } },
    },
    async (request) => {
      const viewer = await requireViewer(request, auth);
      await requests.remove(viewer, request.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/api/admin/glyph-requests/:id/force-complete',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin', 'requests'], params: IdParams, response: { 200: MutationResponse } },
    },
    async (request) => {
      const viewer = await requireViewer(request, auth);
      return { success: true as const, request: toGlyphRequest(await requests.forceComplete(viewer, request.params.id)) };
    },
  );

  app.post(
    '/api/admin/glyph-requests/:id/reset',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin', 'requests'], params: IdParams, response: { 200: MutationResponse } },
    },
    async (request) => {
      const viewer = await requireViewer(request, auth);
      return { success: true as const, request: toGlyphRequest(await requests.reset(viewer, request.params.id)) };
    },
  );
};
