import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { endpointsFile, type LocalEndpoints, readEndpoints } from '../../scripts/local/endpoints';
import { LOCAL_CREDENTIALS } from '../../scripts/local/env';
import { documentClient, idToken, waitFor } from '../support/local-cloud';

/**
 * A second local cloud in its own data folder and on its own ports (MR_PORT_OFFSET=20000, or
 * MR_RESTART_PORT_OFFSET), started, stopped and started again: what was written before the stop is
 * there after it.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'mr-restart-'));
let current: ChildProcess | undefined;

async function startCloud(): Promise<LocalEndpoints> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/local/start.ts', '--no-web', '--no-demo', '--data-dir', dataDir],
    {
      env: {
        ...process.env,
        MR_PORT_OFFSET: process.env.MR_RESTART_PORT_OFFSET || '20000',
        MR_ENDPOINTS_FILE: '',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    },
  );
  current = child;
  const exited = new Promise((r) => child.once('exit', r));
  await waitFor(
    'the second local cloud',
    async () => {
      if (child.exitCode !== null) throw new Error(`start.ts exited with ${child.exitCode}`);
      return existsSync(endpointsFile(dataDir)) ? true : undefined;
    },
    90_000,
  );
  void exited;
  return readEndpoints(endpointsFile(dataDir));
}

async function stopCloud(): Promise<void> {
  const child = current;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  current = undefined;
}

function portIsClosed(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

function s3(endpoints: LocalEndpoints): S3Client {
  return new S3Client({
    endpoint: endpoints.s3,
    region: endpoints.region,
    forcePathStyle: true,
    credentials: { ...LOCAL_CREDENTIALS },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

afterAll(async () => {
  // After a failed assertion: stop it properly, and as a last resort kill its whole process group.
  const child = current;
  if (child?.pid && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => process.kill(-(child.pid as number), 'SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

describe('local cloud restart', () => {
  it('keeps DynamoDB items, S3 objects and Cognito users across a stop and start', {
    timeout: 240_000,
  }, async () => {
    const first = await startCloud();
    const key = { pk: 'TEST#restart', sk: 'ITEM' };
    await documentClient(first).send(
      new PutCommand({ TableName: first.tableName, Item: { ...key, value: 42 } }),
    );
    await s3(first).send(
      new PutObjectCommand({ Bucket: first.filesBucket, Key: 'test/restart.txt', Body: 'kept' }),
    );

    await stopCloud();
    expect(existsSync(endpointsFile(dataDir))).toBe(false);
    // No emulator outlives the stop (DynamoDB Local's java, cognito-local, the in-process servers).
    for (const url of [first.dynamodb, first.cognito, first.s3, first.api, first.sfn]) {
      expect(await portIsClosed(url)).toBe(true);
    }

    const second = await startCloud();
    expect(second.userPoolId).toBe(first.userPoolId);
    expect(second.userPoolClientId).toBe(first.userPoolClientId);
    const { Item } = await documentClient(second).send(
      new GetCommand({ TableName: second.tableName, Key: key }),
    );
    expect(Item).toMatchObject({ value: 42 });
    const object = await s3(second).send(
      new GetObjectCommand({ Bucket: second.filesBucket, Key: 'test/restart.txt' }),
    );
    expect(await object.Body?.transformToString()).toBe('kept');
    await expect(idToken('admin', second)).resolves.toEqual(expect.any(String));
    await stopCloud();
  });
});
