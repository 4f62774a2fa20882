import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AreaWorkerPool, areaDefinition } from './area-workers';
import { calls } from './fixtures/module-cache';

const fixture = (name: string) => join(import.meta.dirname, 'fixtures', `${name}.ts`);

/** Two areas of scheduled jobs: `alpha` with two entries, `beta` with one, all sharing one module. */
const AREAS: Record<string, Record<string, string>> = {
  alpha: { one: fixture('remember-first'), two: fixture('remember-second'), broken: fixture('throws') },
  beta: { one: fixture('remember-first') },
};
const pool = new AreaWorkerPool((area) => ({ trigger: 'schedule', modules: AREAS[area] ?? {} }));

afterAll(() => pool.stop());

describe('local area workers', () => {
  it('share module-scope state between the routes of one area, never with another area or the caller', async () => {
    expect(await pool.invoke('alpha', { job: 'one' })).toEqual(['first:one']);
    expect(await pool.invoke('alpha', { job: 'two' })).toEqual(['first:one', 'second:two']);
    // Same module file, other area: its own module graph, so its own cache.
    expect(await pool.invoke('beta', { job: 'one' })).toEqual(['first:one']);
    expect(await pool.invoke('alpha', { job: 'one' })).toEqual(['first:one', 'second:two', 'first:one']);
    // Nor does the process that hosts the gateway share it.
    expect(calls).toEqual([]);
  });

  it('rejects with the handler error, and the area keeps serving', async () => {
    await expect(pool.invoke('alpha', { job: 'broken' })).rejects.toMatchObject({
      name: 'TypeError',
      message: 'handler failed',
    });
    expect(await pool.invoke('alpha', { job: 'one' })).toHaveLength(4);
  });

  it('maps every area of the route table to existing handler modules', () => {
    const { trigger, modules } = areaDefinition('models');
    expect(trigger).toBe('http');
    expect(modules['GET /v2/models/{uuid}']).toMatch(/functions[\\/]http[\\/]models[\\/]get-model\.ts$/);
  });
});
