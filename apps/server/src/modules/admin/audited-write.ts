import type { Database, Transaction } from '../../db/client.ts';
import { pgError } from '../../db/errors.ts';
import { Conflict } from '../../platform/errors.ts';
import { viewerIdOf, type RequestContext } from '../../platform/http.ts';
import type { MediaBatch } from '../../platform/media-batch.ts';
import type { MediaStore } from '../../platform/media.ts';
import { auditRepository, type AuditRecord } from './audit-repository.ts';
import { adminBatch } from './media.ts';

export type AuditNote = Omit<AuditRecord, 'actorId'>;

/**
 * One admin change: its rows, its files and its audit entry together — the files a failed write
 * stored are removed, the files it replaced go only once it has committed. A row still referenced
 * elsewhere (a foreign key) is a 409 with `inUse`, never a 500.
 */
export async function auditedWrite<T>(
  db: Database,
  media: MediaStore,
  ctx: RequestContext,
  work: (tx: Transaction, batch: MediaBatch) => Promise<{ value: T; audit: AuditNote | AuditNote[] }>,
  inUse = 'This is still in use, so it cannot be removed.',
): Promise<T> {
  const actorId = viewerIdOf(ctx);
  const batch = adminBatch(media);
  try {
    return await batch.run(() =>
      db.transaction(async (tx) => {
        const { value, audit } = await work(tx, batch);
        await auditRepository.record(tx, (Array.isArray(audit) ? audit : [audit]).map((a) => ({ ...a, actorId })));
        return value;
      }),
    );
  } catch (err) {
    // foreign_key_violation: a row still points at it.
    if (pgError(err, '23503')) throw new Conflict(inUse);
    throw err;
  }
}

