import { readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { RUNNER_LIMITS } from '@shared/schemas/run-result';
import { describe, expect, it } from 'vitest';
import { LOCAL_CREDENTIALS } from '../../scripts/local/env';
import { localCloud } from '../support/local-cloud';
import { addInstance, addRunSubModel, call, createRunEntry, execute, waitForEnd } from './executions-helpers';

/**
 * Issue 11 §6 "one that writes 2 GB of output (refused past a documented limit)", through the whole
 * pipeline: Execute → the local state machine → Prepare → the runner entrypoint (a child process) →
 * MarkFailed. The model writes 2.5 GB as one sparse file: the runner counts a file's size as the file
 * system reports it (stat), not the blocks it occupies, so the real limit (RUNNER_LIMITS.outputBytes,
 * 2 GB) is crossed in a moment and without filling the disk.
 */

const LIMIT_PROBE = `limit-probe-${process.pid}-${Date.now().toString(36)}.bin`;
const WRITES_TOO_MUCH = `import json, os, time
out = os.environ["MR_OUTPUT_DIR"]
# A result the run would otherwise complete with.
with open(os.path.join(out, "result.json"), "w") as f:
    json.dump({"elements": [{"kind": "section", "title": "Done"}]}, f)
with open(os.path.join(out, "${LIMIT_PROBE}"), "wb") as f:
    f.seek(int(2.5 * 1024 ** 3) - 1)
    f.write(b"\\0")
print("wrote 2.5 GB", flush=True)
time.sleep(600)
`;

function s3(): S3Client {
  const cloud = localCloud();
  return new S3Client({
    endpoint: cloud.s3,
    region: cloud.region,
    forcePathStyle: true,
    credentials: { ...LOCAL_CREDENTIALS },
  });
}

async function objectsUnder(prefix: string): Promise<{ key: string; size: number }[]> {
  const out = await s3().send(new ListObjectsV2Command({ Bucket: localCloud().filesBucket, Prefix: prefix }));
  return (out.Contents ?? []).map((o) => ({ key: o.Key ?? '', size: o.Size ?? 0 }));
}

/** Runner work directories on this machine that still hold the probe file. */
function probesLeft(): string[] {
  const left: string[] = [];
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith('mr-job-')) continue;
    const probe = join(tmpdir(), name, 'work', 'output', LIMIT_PROBE);
    try {
      statSync(probe);
      left.push(probe);
    } catch {
      // Not this run's directory, or removed.
    }
  }
  return left;
}

describe('a model that writes more than the output limit', () => {
  it('ends FAILED with OUTPUT_TOO_LARGE and a message, stopped long before its timeout, nothing stored', async () => {
    expect(RUNNER_LIMITS.outputBytes).toBe(2 * 1024 ** 3);
    const entry = await createRunEntry({ 'writes_too_much.py': WRITES_TOO_MUCH });
    const subModel = await addRunSubModel(entry, 'writes_too_much.py', { timeoutSeconds: 600 });
    const instance = await addInstance(entry, subModel);

    const started = Date.now();
    const groupId = await execute(entry, [instance.id]);
    expect(await waitForEnd(entry, instance.id, 240_000)).toBe('FAILED');
    const seconds = (Date.now() - started) / 1000;
    console.log(`2.5 GB output: Execute → FAILED in ${seconds.toFixed(1)} s`);
    // The runner samples the output every second: the model's 10-minute sleep is cut short.
    expect(seconds).toBeLessThan(300);

    const result = await call('owner', 'GET', `/v2/models/${entry.uuid}/instances/${instance.id}/result`);
    expect(result.status).toBe(200);
    expect(result.body.error).toEqual({
      code: 'OUTPUT_TOO_LARGE',
      message:
        'The model wrote 2.5 GB into its output directory, more than the limit of 2 GB a run may write; it was stopped and its output refused.',
    });
    expect(result.body.files ?? []).toEqual([]);
    expect(result.body.logs.stdout.text).toContain('wrote 2.5 GB');

    // Nothing is stuck: the group and the queue show the run ended, and it can be executed again.
    const group = await call('owner', 'GET', `/v2/executions/${groupId}`);
    expect(group.body.executions).toEqual([expect.objectContaining({ status: 'FAILED' })]);
    const runId = group.body.executions[0].id as string;
    const outputs = await call('owner', 'GET', `/v2/models/${entry.uuid}/instances/${instance.id}/outputs`);
    expect(outputs.status).toBeGreaterThanOrEqual(400);

    // No output reached storage: the run's documents only, none of them large.
    const stored = await objectsUnder(`runs/${runId}/`);
    expect(stored.map((o) => o.key.slice(`runs/${runId}/`.length)).sort()).toEqual([
      'job.json',
      'outcome.json',
      'values.json',
    ]);
    expect(Math.max(...stored.map((o) => o.size))).toBeLessThan(1024 * 1024);
    // And none stays on this machine's disk: the runner deleted it and removed its work directory.
    expect(probesLeft()).toEqual([]);
  }, 300_000);
});
