import { describe, expect, it } from 'vitest';
import {
  analysisKind,
  canSaveProgress,
  defaultAnalysisName,
  isTickable,
  moveItem,
  pageTitleOf,
  parseIds,
  progressMessage,
  toDisplayScenarios,
} from './flow-state';

describe('visualization flow rules (spec 001 §2, §4, §9)', () => {
  it('ticks only completed, accepted and superseded instances', () => {
    expect(['COMPLETED', 'ACCEPTED', 'SUPERSEDED'].every((s) => isTickable(s as never))).toBe(true);
    expect(['DRAFT', 'INQUEUE', 'INPROCESS', 'FAILED', 'CANCELLED'].some((s) => isTickable(s as never))).toBe(
      false,
    );
  });

  it('reads ids from the URL in order, without repeats or malformed parts', () => {
    expect(parseIds('b,a,,b, c ,x/y')).toEqual(['b', 'a', 'c']);
    expect(parseIds(null)).toEqual([]);
  });

  it('numbers the displayed scenarios from 1 in the table order and moves rows', () => {
    expect(toDisplayScenarios(['x', 'y'], new Map([['y', 'Arm B']]))).toEqual([
      { id: 'x', order: 1 },
      { id: 'y', order: 2, label: 'Arm B' },
    ]);
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });

  it('titles the page with the result title, else by what the analysis displays', () => {
    expect(pageTitleOf(' Budget impact ', 'scenario')).toBe('Budget impact');
    expect(pageTitleOf(undefined, analysisKind(['calibration', 'calibration']))).toBe('Calibration Analysis');
    expect(pageTitleOf('', analysisKind(['scenario']))).toBe('Scenario Analysis');
    expect(pageTitleOf(undefined, analysisKind(['scenario', 'calibration']))).toBe('Analysis');
  });

  it('names a new analysis by its kind and a timestamp', () => {
    const at = new Date(2026, 10, 28, 9, 5, 7);
    expect(defaultAnalysisName('calibration', at)).toBe('Calibration Analysis 2026-11-28 09:05:07');
    expect(defaultAnalysisName('scenario', at)).toBe('Scenario Analysis 2026-11-28 09:05:07');
  });

  it("says how long a run may take: the timeout in minutes, or 'few'", () => {
    expect(progressMessage(1800)).toContain('up to 30 minutes');
    expect(progressMessage(60)).toContain('up to 1 minute.');
    expect(progressMessage(undefined)).toContain('up to few minutes');
  });

  it('allows Save Progress only for a draft or absent analysis with something ticked', () => {
    expect(canSaveProgress(undefined, 1)).toBe(true);
    expect(canSaveProgress('DRAFT', 2)).toBe(true);
    expect(canSaveProgress('COMPLETED', 2)).toBe(false);
    expect(canSaveProgress(undefined, 0)).toBe(false);
  });
});
