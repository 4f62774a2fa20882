import { describe, expect, it } from 'vitest';
import { webModel } from '../../test-fixtures';
import { checkJsonText, definitionEditOutcome, jsonSaveDecision } from './editor-rules';

describe('raw JSON definitions', () => {
  it('refuses to save text that is not JSON', () => {
    const check = checkJsonText('{"a": ');
    expect(check.parsed).toBe(false);
    expect(jsonSaveDecision(check)).toBe('blocked');
  });

  it("asks 'Do you want to save it anyway?' for JSON that is not an object", () => {
    expect(jsonSaveDecision(checkJsonText('[1, 2]'))).toBe('confirm');
    expect(jsonSaveDecision(checkJsonText('"text"'))).toBe('confirm');
  });

  it('saves a JSON object at once', () => {
    expect(jsonSaveDecision(checkJsonText('{"rate": 0.1}'))).toBe('save');
  });
});

describe('who may change input definitions', () => {
  const owner = { id: 'olivia', userType: 'INTERNALUSER' } as const;
  it('lets owners change every section, display included', () => {
    for (const type of ['scenario', 'calibration', 'display'] as const)
      expect(definitionEditOutcome(owner, webModel(), type)).toBe('allowed');
  });

  it('leaves viewers and modelers read-only and a retired entry unchanged', () => {
    expect(definitionEditOutcome({ id: 'victor', userType: 'INTERNALUSER' }, webModel(), 'scenario')).toBe(
      'disallowed',
    );
    expect(definitionEditOutcome(owner, webModel({ status: 'RETIRED' }), 'scenario')).toBe('forbidden');
    expect(definitionEditOutcome({ id: 'anyone', userType: 'SUPERUSER' }, webModel(), 'calibration')).toBe(
      'allowed',
    );
  });
});
