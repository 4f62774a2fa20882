import { describe, expect, it, vi } from 'vitest';
import type { ModelFileRecord } from '../../data/model-files';
import { ancestryReader } from './file-ancestry';

const file = (modelUuid: string, uuid: string, origin?: { modelUuid: string; fileUuid: string }) =>
  ({
    modelUuid,
    uuid,
    ...(origin ? { origin: { ...origin, versionNumber: 1 } } : {}),
  }) as unknown as ModelFileRecord;

describe('ancestryReader', () => {
  const a = file('A', 'f1');
  const b = file('B', 'f2', { modelUuid: 'A', fileUuid: 'f1' });
  const c = file('C', 'f3', { modelUuid: 'B', fileUuid: 'f2' });
  const store = new Map([
    ['A/f1', a],
    ['B/f2', b],
    ['C/f3', c],
  ]);

  it('follows origins through every earlier version, reading each file once', async () => {
    const read = vi.fn(async (m: string, f: string) => store.get(`${m}/${f}`));
    const chainOf = ancestryReader(read);
    expect(await chainOf(c)).toEqual(['C/f3', 'B/f2', 'A/f1']);
    expect(await chainOf(b)).toEqual(['B/f2', 'A/f1']);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('ends the chain where an origin no longer exists, and at a loop', async () => {
    const orphan = file('D', 'f4', { modelUuid: 'gone', fileUuid: 'x' });
    const loop1 = file('L', 'l1', { modelUuid: 'L', fileUuid: 'l2' });
    const loop2 = file('L', 'l2', { modelUuid: 'L', fileUuid: 'l1' });
    const chainOf = ancestryReader(async (m, f) => (m === 'L' ? (f === 'l1' ? loop1 : loop2) : undefined));
    expect(await chainOf(orphan)).toEqual(['D/f4', 'gone/x']);
    expect(await chainOf(loop1)).toEqual(['L/l1', 'L/l2']);
  });
});
