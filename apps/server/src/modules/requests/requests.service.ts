import {
  ADMIN_LIST_LIMIT,
  MSG,
  PUBLIC_LIST_LIMIT_MAX,
  REQUESTS_PAGE_SIZE,
  STORED_FILES_PATH,
  type CreateRequestInputSchema,
  type MyRequestType,
  type RequestStatus,
} from '@glyphary/shared';
import type { z } from 'zod';
import type { GlyphDevice } from '@glyphary/shared';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Viewer } from '../../plugins/access.ts';
import { parseStoredFileUrl, type StoredFileRef } from '../files/file-urls.ts';
import type { RequestRow, RequestsRepository } from './requests.repository.ts';

export type CreateRequestInput = z.output<typeof CreateRequestInputSchema>;

export interface ListRequestsInput {
  limit?: number | undefined;
  offset?: number | undefined;
  search?: string | undefined;
  status?: RequestStatus | undefined;
  sort?: 'latest' | 'votes' | undefined;
  device?: GlyphDevice | undefined;
}

export interface RequestsServiceDeps {
  requests: RequestsRepository;
  clock: Clock;
}

/** Clamps a page size: 20 by default, at most 100 for everyone and 1000 for admins (spec §9, SECURITY bounds). */
export function clampLimit(limit: number | undefined, isAdmin: boolean): number {
  const max = isAdmin ? ADMIN_LIST_LIMIT : PUBLIC_LIST_LIMIT_MAX;
  return Math.min(Math.max(limit ?? REQUESTS_PAGE_SIZE, 1), max);
}

/** Glyph request use cases: the board, taking on, completing, cancelling, and the admin actions (DESIGN §4.5). */
export function createRequestsService({ requests, clock }: RequestsServiceDeps) {
  /**
   * Reads a request; ids that are not UUIDs can never name one.
   * @throws AppError 404 'Request not found'.
   */
  async function getRow(id: string): Promise<RequestRow> {
    const row = isUuid(id) ? await requests.findById(id) : undefined;
    if (!row) throw notFound(MSG.requestNotFound);
    return row;
  }

  /**
   * After a conditional update matched nothing (someone else changed the row first), re-reads it:
   * gone → 404, otherwise the state moved on → 409 with `message`.
   */
  async function lostRace(id: string, message: string): Promise<never> {
    await getRow(id);
    throw conflict(message, 'INVALID_TRANSITION');
  }

  function auditDetail(row: RequestRow, to: string): string {
    return `"${row.title}": ${row.status} → ${to}`;
  }

  // A thumbnail, poster or preview belongs to the upload whose main file has the same id.
  const MAIN_NAME: Record<StoredFileRef['type'], (id: string) => string> = {
    images: (id) => `${id}.webp`,
    apks: (id) => `${id}.apk`,
    animations: (id) => `${id}.glya`,
  };

  /**
   * A reference that names one of our stored files (relative, or under any host: the unused-upload sweep
   * keeps every file whose URL ends a reference) must be the caller's own upload; otherwise it would keep
   * another user's file alive and on their quota.
   */
  async function assertOwnReferences(viewer: Viewer, references: string[]): Promise<void> {
    const byType = new Map<string, Set<string>>();
    for (const reference of references) {
      const at = reference.lastIndexOf(STORED_FILES_PATH);
      const ref: StoredFileRef | null = at === -1 ? null : parseStoredFileUrl(reference.slice(at));
      if (!ref) continue;
      const names = byType.get(ref.type) ?? new Set<string>();
      names.add(MAIN_NAME[ref.type](ref.id));
      byType.set(ref.type, names);
    }
    for (const [type, names] of byType) {
      const owned = await requests.findOwnedFileNames(viewer.id, type, [...names]);
      if ([...names].some((name) => !owned.has(name))) throw badRequest(MSG.requestReferenceNotOwned, 'REFERENCE_NOT_OWNED');
    }
  }

  return {
    getRow,

    /** The completion check alone, before the body is read (issue 21): 403 unless the caller is the assignee. */
    async assertAssignee(viewer: Viewer, id: string): Promise<void> {
      const row = isUuid(id) ? await requests.findById(id) : undefined;
      if (row && row.assignedTo !== viewer.id) throw forbidden();
    },

    /** The public board: newest first, optional search over title, description and tags. */
    async list(
      input: ListRequestsInput,
      viewer: Viewer | null,
    ): Promise<{ rows: RequestRow[]; total: number; hasMore: boolean }> {
      const limit = clampLimit(input.limit, Boolean(viewer?.isAdmin));
      const offset = input.offset ?? 0;
      const search = input.search?.trim() || undefined;
      const { rows, total } = await requests.list({ limit, offset, search, status: input.status, sort: input.sort, device: input.device });
      return { rows, total, hasMore: offset + rows.length < total };
    },

    /** The caller's requests: those they created and/or took on, each with its `type`. */
    async listMine(viewer: Viewer, type: MyRequestType): Promise<Array<RequestRow & { type: 'assigned' | 'created' }>> {
      const rows = await requests.listMine(viewer.id, type, ADMIN_LIST_LIMIT);
      return rows.map((row) => ({ ...row, type: row.assignedTo === viewer.id ? ('assigned' as const) : ('created' as const) }));
    },

    /**
     * Creates an open request owned by the caller; status and requester never come from the body.
     * @throws AppError 400 when a reference names an upload of someone else (nothing stored).
     */
    async create(viewer: Viewer, input: CreateRequestInput): Promise<RequestRow> {
      await assertOwnReferences(viewer, [...input.reference_images, ...input.reference_files]);
      const id = await requests.insert({
        title: input.title,
        description: input.description,
        tags: input.tags,
        referenceImages: input.reference_images,
        referenceFiles: input.reference_files,
        userId: viewer.id,
        device: input.device ?? null,
        createdAt: clock.now(),
      });
      return getRow(id);
    },

    /**
     * open → in_progress, assigned to the caller (one conditional update: exactly one racer wins).
     * @throws AppError 404 unknown, 403 own request, 409 not open.
     */
    async takeOn(viewer: Viewer, id: string): Promise<RequestRow> {
      const row = await getRow(id);
      if (row.userId === viewer.id) throw forbidden(MSG.requestOwnTakeOn, 'OWN_REQUEST');
      if (row.status !== 'open') throw conflict(MSG.requestNotOpen, 'INVALID_TRANSITION');
      if (!(await requests.takeOn(id, viewer.id, clock.now(), viewer.username))) await lostRace(id, MSG.requestNotOpen);
      return getRow(id);
    },

    /**
     * in_progress → completed by the assignee, optionally linking one of the assignee's live glyphs.
     * @throws AppError 404 unknown, 403 not the assignee or someone else's glyph, 400 unknown or deleted glyph, 409 not in progress.
     */
    async complete(viewer: Viewer, id: string, glyphId: string | null): Promise<RequestRow> {
      const row = await getRow(id);
      if (row.assignedTo !== viewer.id) throw forbidden();
      if (row.status !== 'in_progress') throw conflict(MSG.requestNotInProgress, 'INVALID_TRANSITION');
      if (glyphId) {
        const creatorId = isUuid(glyphId) ? await requests.findLiveGlyphCreator(glyphId) : undefined;
        if (creatorId === undefined) throw badRequest(MSG.requestGlyphNotOwned, 'GLYPH_NOT_OWNED');
        if (creatorId !== viewer.id) throw forbidden(MSG.requestGlyphNotOwned, 'GLYPH_NOT_OWNED');
      }
      if (!(await requests.complete(id, viewer.id, glyphId, clock.now(), viewer.username))) {
        // The request moved on, or the glyph was deleted in between.
        const now = await getRow(id);
        if (now.status === 'in_progress' && now.assignedTo === viewer.id && glyphId) {
          throw badRequest(MSG.requestGlyphNotOwned, 'GLYPH_NOT_OWNED');
        }
        throw conflict(MSG.requestNotInProgress, 'INVALID_TRANSITION');
      }
      return getRow(id);
    },

    /**
     * Cancel (DESIGN §4.5): the assignee gives an in-progress request back (open, unassigned); the
     * requester cancels an open or in-progress one (cancelled).
     * @throws AppError 404 unknown, 403 neither assignee nor requester, 409 nothing to cancel.
     */
    async cancel(viewer: Viewer, id: string): Promise<RequestRow> {
      const row = await getRow(id);
      const now = clock.now();
      if (row.assignedTo === viewer.id && row.status === 'in_progress') {
        if (!(await requests.giveBack(id, viewer.id, now))) await lostRace(id, MSG.requestNotCancellable);
      } else if (row.userId === viewer.id) {
        if (row.status !== 'open' && row.status !== 'in_progress')
          throw conflict(MSG.requestNotCancellable, 'INVALID_TRANSITION');
        if (!(await requests.cancelByRequester(id, viewer.id, now))) await lostRace(id, MSG.requestNotCancellable);
      } else if (row.assignedTo === viewer.id) {
        throw conflict(MSG.requestNotCancellable, 'INVALID_TRANSITION');
      } else {
        throw forbidden();
      }
      return getRow(id);
    },

    /**
     * Admin: in_progress → completed, logged in audit_log.
     * @throws AppError 404 unknown, 409 not in progress.
     */
    async forceComplete(admin: Viewer, id: string): Promise<RequestRow> {
      const row = await getRow(id);
      if (row.status !== 'in_progress') throw conflict(MSG.requestNotInProgress, 'INVALID_TRANSITION');
      const audit = { actorId: admin.id, action: 'request.force_complete', detail: auditDetail(row, 'completed') };
      if (!(await requests.forceComplete(id, audit, clock.now()))) await lostRace(id, MSG.requestNotInProgress);
      return getRow(id);
    },

    /**
     * Admin: in_progress | completed → open and unassigned, logged in audit_log.
     * @throws AppError 404 unknown, 409 open or cancelled.
     */
    async reset(admin: Viewer, id: string): Promise<RequestRow> {
      const row = await getRow(id);
      if (row.status !== 'in_progress' && row.status !== 'completed')
        throw conflict(MSG.requestNotResettable, 'INVALID_TRANSITION');
      const audit = { actorId: admin.id, action: 'request.reset', detail: auditDetail(row, 'open') };
      if (!(await requests.reset(id, audit, clock.now()))) await lostRace(id, MSG.requestNotResettable);
      return getRow(id);
    },

    /**
     * Admin: deletes a request in any status, logged in audit_log.
     * @throws AppError 404 unknown.
     */
    async remove(admin: Viewer, id: string): Promise<void> {
      const row = await getRow(id);
      const audit = { actorId: admin.id, action: 'request.delete', detail: `"${row.title}" (${row.status})` };
      if (!(await requests.remove(id, audit))) throw notFound(MSG.requestNotFound);
    },
  };
}

export type RequestsService = ReturnType<typeof createRequestsService>;
