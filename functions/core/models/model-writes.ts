import { catalogueChangePut, toCatalogueEntry } from '../../data/catalogue-changes';
import type { ModelRecord } from '../../data/models';
import { STALE_MESSAGE } from '../../data/models';
import type { LabeledTxItem } from '../../data/transactions';
import { ConflictError } from '../../lib/errors';

/** The catalogue change of a model write (the search projection of its new state). */
export function catalogueChange(model: ModelRecord, deleted = false): LabeledTxItem {
  return { item: catalogueChangePut(toCatalogueEntry(model, model.creatorName, deleted)) };
}

/** A client that sent a revision must have the current one (optimistic concurrency, 409 otherwise). */
export function checkRev(model: ModelRecord, rev: number | undefined): void {
  if (rev !== undefined && rev !== model.rev) throw new ConflictError(STALE_MESSAGE);
}

/** The next revision of an entry, changed by `caller` now. */
export function nextRevision(model: ModelRecord, callerId: string, now: Date): ModelRecord {
  return { ...model, rev: model.rev + 1, modifiedOn: now.toISOString(), modifiedBy: callerId };
}
