import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCAL_CREDENTIALS } from '../../scripts/local/env';
import { processesWithArgument, uniqueSleep } from '../runners/support';
import { localCloud } from '../support/local-cloud';
import { addInstance, addRunSubModel, call, createRunEntry, execute, waitForEnd } from './executions-helpers';

/**
 * Issue 16 §1 through the whole pipeline: the hostile model (models/test/hostile/hostile.py) is
 * uploaded as an entry's file, run by Execute → the local state machine → the runner entrypoint (a
 * child process of the local cloud, as root) → runModel's sandbox, and reports what it reached: other
 * processes' environments (the runner's access token), the repository, this cloud's data directory
 * (s3rver's objects, DynamoDB Local's files, other runs' jobs), the cloud's ports, files outside its
 * output directory, 150 processes, and a daemon that writes markers after the run. It must reach
 * nothing.
 */

const REPO = resolve(fileURLToPath(new URL('../../', import.meta.url)));
const HOSTILE = readFileSync(join(REPO, 'models', 'test', 'hostile', 'hostile.py'), 'utf8');
const TARGETS_DEFINITION = JSON.stringify({
  definitions: [
    {
      id: 'targets',
      name: 'targets',
      title: 'Targets',
      question: 'What should the hostile model try to reach (JSON)?',
      categoryId: '3',
      expertiseLevel: 500,
      type: 'STRING',
      length: 20_000,
      visible: true,
      required: false,
      viewable: true,
      defaultValue: '{}',
    },
  ],
});

const leftovers: string[] = [];
afterAll(async () => {
  for (const path of leftovers) await rm(path, { force: true });
});

/** Up to `max` files under `dir` whose path contains `part` (s3rver keeps an object as files named by its key). */
function filesUnder(dir: string, part: string, max = 10): string[] {
  const found: string[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      if (found.length >= max) return;
      const path = join(at, name);
      const info = statSync(path, { throwIfNoEntry: false });
      if (info?.isDirectory()) walk(path);
      else if (info?.isFile() && path.includes(part)) found.push(path);
    }
  };
  walk(dir);
  return found;
}

const portOf = (url: string) => {
  const parsed = new URL(url);
  return [parsed.hostname === 'localhost' ? '127.0.0.1' : parsed.hostname, Number(parsed.port)] as const;
};

describe('a hostile model run through the pipeline', () => {
  it('reaches nothing: no environment, file, port or process beyond its own run', async () => {
    const cloud = localCloud();
    const entry = await createRunEntry({ 'hostile.py': HOSTILE });
    const subModel = await addRunSubModel(entry, 'hostile.py', {
      timeoutSeconds: 300,
      definition: TARGETS_DEFINITION,
    });
    // Another run first, so that its job and outputs lie in this cloud's data directory.
    const first = await addInstance(entry, subModel, { targets: '{"processes": 1}' });
    await execute(entry, [first.id]);
    expect(await waitForEnd(entry, first.id)).toBe('COMPLETED');

    const sleep = uniqueSleep(3);
    const escaped = [
      join(REPO, `.escaped-${sleep}`),
      join(tmpdir(), `escaped-${sleep}`),
      join(cloud.dataDir, `escaped-${sleep}`),
    ];
    const markers = [join(tmpdir(), `late-marker-${sleep}`), join(REPO, `.late-marker-${sleep}`)];
    leftovers.push(...escaped, ...markers);
    const targets = {
      read: [
        REPO,
        join(REPO, '.local'),
        join(REPO, 'package.json'),
        cloud.dataDir,
        ...readdirSync(cloud.dataDir).map((name) => join(cloud.dataDir, name)),
        ...filesUnder(cloud.dataDir, 'job.json'),
        join(tmpdir(), 'mr-sandbox'),
        '/root',
        '/work',
      ],
      write: escaped,
      ports: [cloud.dynamodb, cloud.s3, cloud.api, cloud.sfn, cloud.cognito].map(portOf),
      secrets: [LOCAL_CREDENTIALS.secretAccessKey],
      processes: 150,
      sleep,
      marker: markers,
    };
    expect(targets.read.some((path) => path.includes('job.json'))).toBe(true);
    const hostile = await addInstance(entry, subModel, { targets: JSON.stringify(targets) });

    const groupId = await execute(entry, [hostile.id]);
    expect(await waitForEnd(entry, hostile.id)).toBe('COMPLETED');

    const group = await call('owner', 'GET', `/v2/executions/${groupId}`);
    const runId = group.body.executions[0].id as string;
    const s3 = new S3Client({
      endpoint: cloud.s3,
      region: cloud.region,
      forcePathStyle: true,
      credentials: { ...LOCAL_CREDENTIALS },
    });
    const object = await s3.send(
      new GetObjectCommand({ Bucket: cloud.filesBucket, Key: `runs/${runId}/outputs/report.json` }),
    );
    const report = JSON.parse((await object.Body?.transformToString()) ?? '{}');
    s3.destroy();

    expect(report.environ).toEqual([]);
    expect(report.read).toEqual([]);
    expect(report.ports).toEqual([]);
    expect(report.uid).not.toBe(0);
    expect(report.processesStarted).toBeLessThan(150);
    for (const path of escaped) expect(existsSync(path), path).toBe(false);
    // The daemon died with the run. Its shell, the only writer of the markers, holds the sleep
    // argument in its own command line until it has written them: with no such process left, no
    // marker can appear later, so there is nothing to wait for.
    expect(processesWithArgument(sleep)).toEqual([]);
    for (const marker of markers) expect(existsSync(marker), marker).toBe(false);
  }, 300_000);
});
