import { describe, expect, it } from 'vitest';
import { runCohortModel } from './markov-cohort-model';

describe('runCohortModel', () => {
  it('is deterministic and keeps the cohort summing to 1', () => {
    const a = runCohortModel({ cycles: 30 });
    const b = runCohortModel({ cycles: 30 });
    expect(a).toEqual(b);
    expect(a.trace).toHaveLength(30);
    for (const row of a.trace) expect(row.healthy + row.sick + row.dead).toBeCloseTo(1, 5);
    expect(a.trace[0]).toEqual({ cycle: 0, healthy: 1, sick: 0, dead: 0, cost: 100, qalys: 0.95 });
  });

  it('matches a hand calculation', () => {
    // Nobody leaves Healthy, no discounting: cost and QALYs are per-cycle values times cycles.
    const r = runCohortModel({
      cycles: 10,
      pHealthyToSick: 0,
      pHealthyToDead: 0,
      discountRate: 0,
      costHealthy: 50,
      utilityHealthy: 0.8,
    });
    expect(r.totalCost).toBe(500);
    expect(r.totalQalys).toBeCloseTo(8, 6);
    // Two cycles by hand with the defaults except discounting.
    const two = runCohortModel({ cycles: 2, discountRate: 0 });
    // cycle 1: healthy 0.89, sick 0.1 → cost 0.89*100 + 0.1*1000 = 189; qalys 0.89*0.95 + 0.1*0.6 = 0.9055
    expect(two.totalCost).toBeCloseTo(100 + 189, 6);
    expect(two.totalQalys).toBeCloseTo(0.95 + 0.9055, 6);
  });

  it('discounts later cycles', () => {
    const plain = runCohortModel({ cycles: 20, discountRate: 0 });
    const discounted = runCohortModel({ cycles: 20, discountRate: 0.05 });
    expect(discounted.totalCost).toBeLessThan(plain.totalCost);
    expect(discounted.totalQalys).toBeLessThan(plain.totalQalys);
  });

  it('refuses impossible parameters', () => {
    expect(() => runCohortModel({ pHealthyToSick: 0.8, pHealthyToDead: 0.5 })).toThrow(/exceed 1/);
    expect(() => runCohortModel({ cycles: 'many' })).toThrow(/cycles/);
  });
});
