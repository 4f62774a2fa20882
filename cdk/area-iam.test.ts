import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { areaNames, INVOKED_JOBS_AREA } from '@shared/api/routes';
import { ENV_VARS } from '@shared/config/env-vars';
import { filesBucketPrefixes } from '@shared/config/files-bucket';
import { TABLE_SCHEMA } from '@shared/config/table-schema';
import { Template } from 'aws-cdk-lib/assertions';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AreaUsage } from './constructs/area-analysis';
import type { AreaFunction } from './constructs/area-function';
import { executionArnPattern } from './constructs/area-grants';
import { FUNCTIONS_DIR, REPO_ROOT } from './constructs/handler-bundling';
import { WS_STAGE_NAME } from './constructs/web-socket-api';
import { coverageFindings, type ResourceNamer, type StatementJson } from './testing/iam-coverage';
import { buildTestApp, removeTestOutput } from './testing/test-app';

/**
 * Every area function's grants against what its bundled code reaches (the usage that
 * cdk/bundle-areas.ts reads from the analysis build): a grant the code never uses, or a table, bucket
 * prefix, state machine or API the code reaches without a grant, fails here.
 */
type Built = ReturnType<typeof buildTestApp>;
let built: Built;
let template: Template;
const INDEX_NAMES = TABLE_SCHEMA.globalSecondaryIndexes.map((g) => g.indexName);
const options = { indexNames: INDEX_NAMES, mailConfigured: true };

beforeAll(() => {
  // With a mail identity, so that the areas that send e-mail get (and must get) their SES grant.
  built = buildTestApp({ mailFrom: 'example.com' });
  template = Template.fromStack(built.stateless);
});
afterAll(() => removeTestOutput());

function statementsOf(fn: AreaFunction): StatementJson[] {
  const roleId = built.stateless.getLogicalId(fn.role.node.defaultChild as never);
  return Object.values(template.findResources('AWS::IAM::Policy'))
    .filter((p) => JSON.stringify(p.Properties.Roles).includes(`"${roleId}"`))
    .flatMap((p) => (p.Properties.PolicyDocument as { Statement: StatementJson[] }).Statement);
}

function resourceNamer(): ResourceNamer {
  const stack = built.stateless;
  const key = (value: unknown) => JSON.stringify(stack.resolve(value));
  const names = new Map<string, string>();
  const { table } = built.stateful;
  names.set(key(table.tableArn), 'table');
  for (const index of INDEX_NAMES) names.set(key(`${table.tableArn}/index/${index}`), `index:${index}`);
  for (const prefix of Object.values(filesBucketPrefixes()))
    names.set(key(stack.filesBucket.arnForObjects(`${prefix}*`)), `objects:${prefix}`);
  names.set(key(stack.filesBucket.bucketArn), 'bucket');
  const identity = built.stateful.mailIdentity;
  if (identity)
    names.set(
      key(
        stack.formatArn({ service: 'ses', resource: 'identity', resourceName: identity.emailIdentityName }),
      ),
      'mail',
    );
  for (const method of ['POST', 'GET', 'DELETE'])
    names.set(
      key(
        stack.formatArn({
          service: 'execute-api',
          resource: stack.webSocketApi.apiId,
          resourceName: `${WS_STAGE_NAME}/${method}/@connections/*`,
        }),
      ),
      `connections:${method}`,
    );
  names.set(key(stack.stateMachine.stateMachineArn), 'stateMachine');
  names.set(key(executionArnPattern(stack.stateMachine)), 'executions');
  names.set(key(stack.area(INVOKED_JOBS_AREA).functionArn), 'function:jobs');
  names.set(key(built.stateful.userPool.userPoolArn), 'userPool');
  return (resource, actions) => {
    // The function's own log group and X-Ray, and the on-failure destination of its asynchronous
    // invocations (an SQS queue, cdk/constructs/monitoring.ts): the construct's wiring, not the area's
    // code, which has no SQS client.
    if (actions.every((a) => a.startsWith('logs:') || a.startsWith('xray:') || a.startsWith('sqs:')))
      return 'ignore';
    return names.get(JSON.stringify(resource));
  };
}

describe('grants derived from the area bundles', () => {
  it('analyses every area and grants each exactly what its code reaches', () => {
    expect([...built.stateless.functions.keys()].sort()).toEqual([...areaNames()].sort());
    const nameOf = resourceNamer();
    const findings = [...built.stateless.functions].flatMap(([area, fn]) =>
      coverageFindings(area, fn.usage, statementsOf(fn), nameOf, options),
    );
    expect(findings).toEqual([]);
  });

  it('lets the catalogue list and search read only catalog/* of the files bucket', () => {
    const catalogue = built.stateless.area('catalogue');
    expect(catalogue.usage.bucketPrefixes).toEqual(['catalog/']);
    const buckets = statementsOf(catalogue).flatMap((s) =>
      [s.Resource].flat().filter((r) => JSON.stringify(r).includes(':s3:::')),
    );
    expect(buckets.map((r) => JSON.stringify(r))).toEqual([
      JSON.stringify(built.stateless.resolve(built.stateless.filesBucket.arnForObjects('catalog/*'))),
      JSON.stringify(built.stateless.resolve(built.stateless.filesBucket.bucketArn)),
    ]);
    // Reading only: writing snapshots and trimming the change log is the compaction job's.
    const { operations } = catalogue.usage;
    expect(Object.keys(operations.s3 ?? {})).toEqual(['GetObject']);
    const writes = /^(Put|Update|Delete|BatchWrite|TransactWrite)/;
    const tableWrites = Object.entries(operations.dynamodb ?? {}).filter(([op]) => writes.test(op));
    // The one write every area may make: the server-side report of an unexpected error.
    expect(tableWrites.flatMap(([, modules]) => modules).every((m) => m.endsWith('error-reports.ts'))).toBe(
      true,
    );
  });

  // Without s3:ListBucket, S3 answers the GET of the first snapshot (not written yet) with 403
  // AccessDenied instead of 404: the model list of a fresh stack failed, and so did every compaction.
  it.each([
    ['catalogue', ['catalog/*']],
    [INVOKED_JOBS_AREA, expect.arrayContaining(['catalog/*'])],
  ] as const)(
    'lets the %s function list the prefixes it reads, so that a missing snapshot answers 404',
    (area, prefixes) => {
      const fn = built.stateless.area(area);
      const bucketArn = JSON.stringify(built.stateless.resolve(built.stateless.filesBucket.bucketArn));
      const listing = statementsOf(fn).filter((s) => JSON.stringify(s.Resource) === bucketArn);
      expect(listing).toEqual([
        expect.objectContaining({
          Action: 's3:ListBucket',
          Effect: 'Allow',
          Condition: { StringLike: { 's3:prefix': prefixes } },
        }),
      ]);
      // Listing only where it reads: the condition names no prefix beyond its object grants.
      const objectPrefixes = fn.usage.bucketPrefixes.map((p) => `${p}*`);
      const condition = listing[0]?.Condition as { StringLike: { 's3:prefix': string[] | string } };
      expect([condition.StringLike['s3:prefix']].flat().sort()).toEqual(objectPrefixes.sort());
    },
  );

  it('lets the jobs function read file bodies and write "Download all" archives with their manifests', () => {
    const jobs = built.stateless.area(INVOKED_JOBS_AREA);
    expect(jobs.usage.bucketPrefixes).toEqual(expect.arrayContaining(['downloads/', 'models/']));
    expect(Object.keys(jobs.usage.operations.s3 ?? {})).toEqual(
      expect.arrayContaining(['GetObject', 'CreateMultipartUpload', 'UploadPart', 'AbortMultipartUpload']),
    );
    expect(Object.keys(jobs.usage.operations.apigatewaymanagementapi ?? {})).toContain('PostToConnection');
  });

  it('gives the $default (unmatched) function no data grant at all', () => {
    const unmatched = built.stateless.area('unmatched');
    expect(unmatched.usage).toEqual({ operations: {}, bucketPrefixes: [] });
    const actions = statementsOf(unmatched).flatMap((s) => [s.Action].flat());
    expect(actions.filter((a) => !a.startsWith('logs:') && !a.startsWith('xray:'))).toEqual([]);
  });

  it('lets only the areas whose code sends InvokeCommand invoke, and only the jobs function', () => {
    const invokers = [...built.stateless.functions]
      .filter(([, fn]) =>
        statementsOf(fn).some((s) => [s.Action].flat().some((a) => a.startsWith('lambda:'))),
      )
      .map(([area]) => area);
    // files starts "Download all" archives, admin the metadata option renames
    // (rename-metadata-option), diffs the workbook diffs (compute-workbook-diff).
    expect(invokers).toEqual(['files', 'admin', 'diffs']);
    for (const area of ['files', 'admin', 'diffs'] as const) {
      expect(Object.keys(built.stateless.area(area).usage.operations.lambda ?? {})).toEqual(['Invoke']);
      const grants = statementsOf(built.stateless.area(area)).filter((s) =>
        [s.Action].flat().some((a) => a.startsWith('lambda:')),
      );
      expect(grants.map((s) => [s.Action, JSON.stringify(s.Resource)])).toEqual([
        [
          'lambda:InvokeFunction',
          JSON.stringify(built.stateless.resolve(built.stateless.area(INVOKED_JOBS_AREA).functionArn)),
        ],
      ]);
    }
    // The name reaches the invoking area, and no other.
    const withName = [...built.stateless.functions]
      .filter(([, fn]) => {
        const resource =
          template.toJSON().Resources[built.stateless.getLogicalId(fn.function.node.defaultChild as never)];
        return ENV_VARS.jobsFunctionName in (resource?.Properties?.Environment?.Variables ?? {});
      })
      .map(([area]) => area);
    expect(withName).toEqual(['files', 'admin', 'diffs']);
  });

  it('never grants a Scan or a wildcard action', () => {
    const actions = JSON.stringify(template.findResources('AWS::IAM::Policy'));
    expect(actions).not.toContain('dynamodb:Scan');
    expect(actions).not.toMatch(/"(dynamodb|s3|ses|states|execute-api|lambda):\*"/);
  });
});

describe('files-bucket keys', () => {
  /** String and template literals of the functions' code that start with a bucket prefix. */
  function keyLiterals(): string[] {
    const prefixes = Object.values(filesBucketPrefixes());
    const found: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
          const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
          const visit = (node: ts.Node) => {
            if (
              (ts.isStringLiteral(node) ||
                ts.isNoSubstitutionTemplateLiteral(node) ||
                ts.isTemplateHead(node)) &&
              prefixes.some((p) => node.text.startsWith(p))
            ) {
              found.push(`${path.relative(REPO_ROOT, file)}: ${node.getText(source)}`);
            }
            ts.forEachChild(node, visit);
          };
          visit(source);
        }
      }
    };
    walk(FUNCTIONS_DIR);
    return found;
  }

  it('are built from the prefix constants of shared/config/files-bucket.ts, never spelled out', () => {
    expect(keyLiterals()).toEqual([]);
  });
});

describe('the coverage check', () => {
  const usage: AreaUsage = {
    operations: { dynamodb: { GetItem: ['functions/data/users.ts'] }, s3: { GetObject: ['x.ts'] } },
    bucketPrefixes: ['catalog/'],
  };
  const nameOf: ResourceNamer = (resource) => String(resource);
  const grants = (extra: StatementJson[] = []): StatementJson[] => [
    { Action: ['dynamodb:GetItem'], Resource: 'table' },
    { Action: 's3:GetObject', Resource: 'objects:catalog/' },
    // Object reads come with the listing grant, so that a missing key answers 404 (area-grants.ts).
    { Action: 's3:ListBucket', Resource: 'bucket' },
    ...extra,
  ];

  it('passes when the grants match the usage', () => {
    expect(coverageFindings('a', usage, grants(), nameOf, options)).toEqual([]);
  });

  it('reports a grant on something the code never touches', () => {
    const findings = coverageFindings(
      'a',
      usage,
      grants([{ Action: 's3:GetObject', Resource: 'objects:uploads/' }]),
      nameOf,
      options,
    );
    expect(findings).toEqual(['a: a grant covers objects:uploads/, which the code never touches']);
  });

  it('reports a table, prefix or API the code reaches without a grant', () => {
    const reaching: AreaUsage = {
      ...usage,
      operations: { ...usage.operations, apigatewaymanagementapi: { PostToConnection: ['p.ts'] } },
      bucketPrefixes: ['catalog/', 'models/'],
    };
    expect(coverageFindings('a', reaching, grants(), nameOf, options)).toEqual([
      'a: the code reaches objects:models/ but no grant covers it',
      'a: the code reaches connections:POST but no grant covers it',
    ]);
  });

  it('reports code that invokes the jobs function without a grant, and a grant the code does not need', () => {
    const invoking: AreaUsage = {
      ...usage,
      operations: { ...usage.operations, lambda: { Invoke: ['functions/lib/job-invoker.ts'] } },
    };
    expect(coverageFindings('a', invoking, grants(), nameOf, options)).toEqual([
      'a: the code reaches function:jobs but no grant covers it',
    ]);
    const invokeGrant = { Action: 'lambda:InvokeFunction', Resource: 'function:jobs' };
    expect(coverageFindings('a', invoking, grants([invokeGrant]), nameOf, options)).toEqual([]);
    expect(coverageFindings('a', usage, grants([invokeGrant]), nameOf, options)).toEqual([
      'a: a grant covers function:jobs, which the code never touches',
    ]);
  });

  it('reports unconditioned table writes for code that writes only error reports', () => {
    const reportsOnly: AreaUsage = {
      ...usage,
      operations: {
        ...usage.operations,
        dynamodb: { GetItem: ['u.ts'], PutItem: ['functions/data/error-reports.ts'] },
      },
    };
    const findings = coverageFindings(
      'a',
      reportsOnly,
      grants([{ Action: 'dynamodb:PutItem', Resource: 'table' }]),
      nameOf,
      options,
    );
    expect(findings).toEqual([
      'a: table writes are granted without a key condition, but its code writes only error reports',
    ]);
  });
});
