import { describe, expect, it } from 'vitest';
import {
  isExecutedStatus,
  OUTDATE_AFTER_FILE_CHANGE_MESSAGES as MSG,
  OutdateAfterFileChangeBodySchema,
} from './outdate-after-file-change';

describe('outdated after a file change (001 §4)', () => {
  it('counts finished runs as executed, never drafts or runs in flight', () => {
    for (const s of ['COMPLETED', 'FAILED', 'CANCELLED', 'ACCEPTED', 'SUPERSEDED'])
      expect(isExecutedStatus(s)).toBe(true);
    for (const s of ['DRAFT', 'NOTSTARTED', 'INQUEUE', 'INPROCESS', 'POSTPROCESSING', 'SUSPENDED'])
      expect(isExecutedStatus(s)).toBe(false);
  });

  it('needs at least one sub-model id, each once and well formed', () => {
    expect(OutdateAfterFileChangeBodySchema.safeParse({ subModelIds: ['A', 'B'] }).success).toBe(true);
    expect(OutdateAfterFileChangeBodySchema.safeParse({ subModelIds: [] }).success).toBe(false);
    expect(OutdateAfterFileChangeBodySchema.safeParse({ subModelIds: ['A', 'A'] }).success).toBe(false);
    expect(OutdateAfterFileChangeBodySchema.safeParse({ subModelIds: ['a b'] }).success).toBe(false);
    expect(OutdateAfterFileChangeBodySchema.safeParse({}).success).toBe(false);
  });

  it('says how many instances were marked, in the singular for one', () => {
    expect(MSG.markedOutdated(1)).toBe(
      '1 instance was marked outdated: the model files changed after it was executed.',
    );
    expect(MSG.markedOutdated(3)).toBe(
      '3 instances were marked outdated: the model files changed after they were executed.',
    );
  });
});
