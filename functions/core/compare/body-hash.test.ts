import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UnsafeKeyPartError, workbookDiffPrefix } from '../../data/storage-keys';

const objects = vi.hoisted(() => ({
  headBody: vi.fn(),
  findJson: vi.fn(),
  putJson: vi.fn(async () => undefined),
  sha256OfBody: vi.fn(async () => 'c'.repeat(64)),
}));
vi.mock('../../data/diff-objects', () => objects);
const { hashBody } = await import('./body-hash');

beforeEach(() => vi.clearAllMocks());

describe('hashBody', () => {
  it('streams a body once and keeps its hash under its ETag and size', async () => {
    objects.headBody.mockResolvedValue({ etag: '9b2cf535f27731c974343645a3985328', size: 42 });
    objects.findJson.mockResolvedValue(undefined);
    expect(await hashBody('models/m/files/f')).toEqual({
      key: 'models/m/files/f',
      sha256: 'c'.repeat(64),
      size: 42,
    });
    expect(objects.sha256OfBody).toHaveBeenCalledWith('models/m/files/f');
    expect(objects.putJson).toHaveBeenCalledWith('diffs/hashes/9b2cf535f27731c974343645a3985328-42.json', {
      sha256: 'c'.repeat(64),
    });
  });

  it('answers a kept hash without reading the body, for every copy with the same ETag', async () => {
    objects.headBody.mockResolvedValue({ etag: 'd41d8cd98f00b204e9800998ecf8427e-3', size: 7 });
    objects.findJson.mockResolvedValue({ sha256: 'e'.repeat(64) });
    expect((await hashBody('models/other/files/copy'))?.sha256).toBe('e'.repeat(64));
    expect(objects.findJson).toHaveBeenCalledWith('diffs/hashes/d41d8cd98f00b204e9800998ecf8427e-3-7.json');
    expect(objects.sha256OfBody).not.toHaveBeenCalled();
  });

  it('hashes without a cache when the ETag cannot name a key', async () => {
    objects.headBody.mockResolvedValue({ etag: 'W/"odd"', size: 1 });
    expect((await hashBody('models/m/files/f'))?.sha256).toBe('c'.repeat(64));
    expect(objects.findJson).not.toHaveBeenCalled();
    expect(objects.putJson).not.toHaveBeenCalled();
  });

  it('answers undefined for a body S3 does not hold', async () => {
    objects.headBody.mockResolvedValue(undefined);
    expect(await hashBody('models/m/files/gone')).toBeUndefined();
  });
});

describe('the keys of stored diffs', () => {
  it('are built from both hashes in order and refuse anything that is not a SHA-256', () => {
    expect(workbookDiffPrefix('a'.repeat(64), 'b'.repeat(64))).toBe(
      `diffs/workbooks/${'a'.repeat(64)}/${'b'.repeat(64)}/`,
    );
    expect(() => workbookDiffPrefix('../models', 'b'.repeat(64))).toThrow(UnsafeKeyPartError);
    expect(() => workbookDiffPrefix('A'.repeat(64), 'b'.repeat(64))).toThrow(UnsafeKeyPartError);
  });
});
