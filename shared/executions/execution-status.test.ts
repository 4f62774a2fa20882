import { describe, expect, it } from 'vitest';
import { INSTANCE_STATUSES, type InstanceStatus } from '../sub-models/instances';
import {
  ACTIVE_RUN_STATUSES,
  EXECUTION_MESSAGES,
  FINAL_RUN_STATUSES,
  GOVERNANCE_TRANSITIONS,
  governanceProblem,
  groupStatus,
  isExecutable,
  RUN_TRANSITIONS,
  type RunStatus,
  runTransitionAllowed,
} from './execution-status';

/** The order a run goes through; a run event never moves an instance to an earlier place. */
const RUN_ORDER: readonly InstanceStatus[] = ['NOTSTARTED', 'INQUEUE', 'INPROCESS', 'POSTPROCESSING'];
const RUN_STATUSES = Object.keys(RUN_TRANSITIONS) as RunStatus[];

describe('run status transitions', () => {
  it('moves a run forward only: no event writes an earlier running status over a later one', () => {
    for (const to of RUN_STATUSES) {
      if (!RUN_ORDER.includes(to) || to === 'NOTSTARTED') continue;
      for (const from of RUN_TRANSITIONS[to])
        expect(RUN_ORDER.indexOf(from), `${from} -> ${to}`).toBeLessThan(RUN_ORDER.indexOf(to));
    }
  });

  it('never changes a finished run by a run event, except a new Execute', () => {
    for (const ended of FINAL_RUN_STATUSES)
      for (const to of RUN_STATUSES) {
        const allowed = runTransitionAllowed(ended, to);
        expect(allowed, `${ended} -> ${to}`).toBe(to === 'NOTSTARTED');
      }
  });

  it('lets a failure or a cancel end a run in any running status, and only then', () => {
    for (const status of INSTANCE_STATUSES) {
      const running = (ACTIVE_RUN_STATUSES as readonly InstanceStatus[]).includes(status);
      expect(runTransitionAllowed(status, 'FAILED'), status).toBe(running);
      expect(runTransitionAllowed(status, 'CANCELLED'), status).toBe(running);
    }
  });

  it('completes only after post processing, and queues only what was not started', () => {
    expect(RUN_TRANSITIONS.COMPLETED).toEqual(['POSTPROCESSING']);
    expect(RUN_TRANSITIONS.POSTPROCESSING).toEqual(['INPROCESS']);
    expect(RUN_TRANSITIONS.INPROCESS).toEqual(['INQUEUE']);
    expect(RUN_TRANSITIONS.INQUEUE).toEqual(['NOTSTARTED']);
  });

  it('executes drafts and ended runs again, never running, accepted or superseded instances', () => {
    expect(INSTANCE_STATUSES.filter(isExecutable)).toEqual(['DRAFT', 'COMPLETED', 'CANCELLED', 'FAILED']);
    expect(RUN_TRANSITIONS.NOTSTARTED).toEqual(['DRAFT', 'FAILED', 'CANCELLED', 'COMPLETED']);
  });
});

describe('calibration governance', () => {
  it('accepts completed, unaccepts and supersedes accepted instances', () => {
    expect(GOVERNANCE_TRANSITIONS).toEqual({
      accept: { from: 'COMPLETED', to: 'ACCEPTED' },
      unaccept: { from: 'ACCEPTED', to: 'COMPLETED' },
      supersede: { from: 'ACCEPTED', to: 'SUPERSEDED' },
    });
  });

  it('refuses scenario instances and instances in the wrong status, with a reason', () => {
    expect(governanceProblem('accept', { status: 'COMPLETED', type: 'scenario' })).toBe(
      EXECUTION_MESSAGES.governanceScenario,
    );
    expect(governanceProblem('accept', { status: 'DRAFT', type: 'calibration' })).toBe(
      'Only a completed instance can be accepted.',
    );
    expect(governanceProblem('supersede', { status: 'COMPLETED', type: 'calibration' })).toBe(
      'Only an accepted instance can be superseded.',
    );
    expect(governanceProblem('unaccept', { status: 'ACCEPTED', type: 'display' })).toBeUndefined();
  });
});

describe('the status of a group in the queue', () => {
  it('is running while any run runs, else the worst end', () => {
    expect(groupStatus(['COMPLETED', 'INPROCESS', 'FAILED'])).toBe('INPROCESS');
    expect(groupStatus(['COMPLETED', 'NOTSTARTED'])).toBe('NOTSTARTED');
    expect(groupStatus(['COMPLETED', 'CANCELLED', 'FAILED'])).toBe('FAILED');
    expect(groupStatus(['COMPLETED', 'CANCELLED'])).toBe('CANCELLED');
    expect(groupStatus(['COMPLETED'])).toBe('COMPLETED');
  });
});

describe('texts quoted from the spec', () => {
  it('keeps the execute blockers and the cancel warning verbatim', () => {
    expect(EXECUTION_MESSAGES.noExecutableFile).toBe('There is no executable file.');
    expect(EXECUTION_MESSAGES.filesMissing(['model.R', 'data.csv'])).toBe(
      'model.R, data.csv file is/are missing.',
    );
    expect(EXECUTION_MESSAGES.noActiveExecution).toBe('No active Instance execution to be canceled found.');
    expect(EXECUTION_MESSAGES.completedToast('Base')).toBe('Execution of Base completed');
    expect(EXECUTION_MESSAGES.statusChangedToast('Base', 'INPROCESS')).toBe(
      'Execution status of Base changed to INPROCESS',
    );
  });
});
