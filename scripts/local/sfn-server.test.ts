import { describe, expect, it } from 'vitest';
import { loadDefinition } from './sfn-server';

describe('the local copy of run-model.asl.json', () => {
  const definition = loadDefinition('us-east-1') as { States: Record<string, Record<string, unknown>> };

  it('has every placeholder substituted', () => {
    expect(JSON.stringify(definition)).not.toMatch(/\$\{/);
    expect(definition.States.Prepare?.Resource).toMatch(/^arn:aws:lambda:us-east-1:\d{12}:function:/);
  });

  it('resolves the RunModel timeout from the state input, as AWS does', () => {
    const runModel = definition.States.RunModel as {
      TimeoutSecondsPath?: string;
      Parameters?: Record<string, unknown>;
    };
    const path = runModel.TimeoutSecondsPath?.slice(2) ?? '';
    expect(runModel.Parameters?.[`${path}.$`]).toBe('$.prepared.timeoutSeconds');
  });
});
