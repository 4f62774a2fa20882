import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { baseBuildOptions, FUNCTIONS_DIR, REPO_ROOT } from './handler-bundling';
import { exportsOf, V2_PATCHER_EXPORTS, withoutXraySdkV2Patcher } from './xray-sdk-v2-patcher';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mr-xray-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A Tracer as observability.ts makes it, capturing a v3 client, and a call of the v2 patcher. */
const ENTRY = `
import { Tracer } from '@aws-lambda-powertools/tracer';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import AWSXRay from 'aws-xray-sdk-core';
const tracer = new Tracer();
const client = tracer.captureAWSv3Client(new DynamoDBClient({ region: 'us-east-1' }));
let v2 = 'no error';
try { AWSXRay.captureAWS({ VERSION: '2.1692.0' }); } catch (error) { v2 = error.message; }
console.log(JSON.stringify({ enabled: tracer.isTracingEnabled(), middleware: client.middlewareStack.identify(), v2 }));
`;

describe('the X-Ray SDK without its AWS SDK v2 patcher', () => {
  it('expects the exports the installed aws-xray-sdk-core has', () => {
    const installed = path.join(REPO_ROOT, 'node_modules/aws-xray-sdk-core/dist/lib/patchers/aws_p.js');
    expect(exportsOf(readFileSync(installed, 'utf8'))).toEqual([...V2_PATCHER_EXPORTS].sort());
  });

  it('bundles a Tracer that still captures v3 clients in Lambda, without semver', async () => {
    const outdir = tempDir();
    const { metafile } = await build({
      ...baseBuildOptions(),
      stdin: { contents: ENTRY, resolveDir: FUNCTIONS_DIR, loader: 'js', sourcefile: 'tracer-entry.js' },
      outfile: path.join(outdir, 'index.mjs'),
    });
    const inputs = Object.entries((metafile as Metafile).inputs);
    expect(inputs.filter(([file]) => file.includes('node_modules/semver/'))).toEqual([]);
    const patcher = inputs.find(([file]) => /aws-xray-sdk-core\/dist\/lib\/patchers\/aws_p\.js$/.test(file));
    expect(patcher?.[1].bytes).toBeLessThan(500);
    expect(inputs.some(([file]) => file.endsWith('aws-xray-sdk-core/dist/lib/patchers/aws3_p.js'))).toBe(
      true,
    );

    // The variables the Lambda runtime sets: with them the Tracer takes its enabled path.
    const result = spawnSync(process.execPath, [path.join(outdir, 'index.mjs')], {
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH,
        AWS_REGION: 'us-east-1',
        AWS_LAMBDA_FUNCTION_NAME: 'test',
        AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
        LAMBDA_TASK_ROOT: '/var/task',
        POWERTOOLS_SERVICE_NAME: 'test',
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      },
    });
    expect(result.stderr).toBe('');
    const report = JSON.parse(result.stdout.trim().split('\n').pop() ?? '{}') as {
      enabled: boolean;
      middleware: string[];
      v2: string;
    };
    expect(report.enabled).toBe(true);
    expect(report.middleware.some((m) => m.startsWith('XRaySDKInstrumentation'))).toBe(true);
    expect(report.v2).toMatch(/patcher for the AWS SDK v2 is not bundled/);
  });

  it('fails the build when the patcher module exports something else', async () => {
    const dir = tempDir();
    const patchers = path.join(dir, 'node_modules/aws-xray-sdk-core/dist/lib/patchers');
    mkdirSync(patchers, { recursive: true });
    writeFileSync(
      path.join(patchers, 'aws_p.js'),
      'module.exports.captureAWS = 1;\nmodule.exports.captureAWSClient = 2;\nmodule.exports.captureAWSv4 = 3;\n',
    );
    await expect(
      build({
        stdin: {
          contents: "require('./node_modules/aws-xray-sdk-core/dist/lib/patchers/aws_p.js');",
          resolveDir: dir,
        },
        bundle: true,
        write: false,
        platform: 'node',
        logLevel: 'silent',
        plugins: [withoutXraySdkV2Patcher()],
      }),
    ).rejects.toThrow(/now exports captureAWS, captureAWSClient, captureAWSv4/);
  });
});
