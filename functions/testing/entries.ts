import type { ModelRecord } from '../data/models';
import { rolesOf } from './people';

/** The uuid of the entry the core tests work on. */
export const ENTRY_UUID = '11111111-1111-4111-8111-111111111111';

/**
 * A stored model entry as `getModel` answers it: a DRAFT, non-global entry created by 'lead' with the
 * roles of `rolesOf()`; `overrides` sets anything else (metadata is replaced whole, not merged).
 */
export const entryRecord = (overrides: Partial<ModelRecord> = {}): ModelRecord => ({
  uuid: ENTRY_UUID,
  name: 'Entry',
  nameKey: 'entry',
  metaKey: 'fp',
  status: 'DRAFT',
  metadata: { global: 'false' } as ModelRecord['metadata'],
  roles: rolesOf(),
  createdBy: 'lead',
  creatorName: 'Lead',
  createdOn: '2026-01-01T00:00:00.000Z',
  modifiedOn: '2026-01-01T00:00:00.000Z',
  fileCount: 0,
  theorem: false,
  pneu: false,
  rev: 1,
  ...overrides,
});
