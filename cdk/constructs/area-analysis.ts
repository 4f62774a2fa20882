import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { filesBucketPrefixes } from '@shared/config/files-bucket';

/**
 * What an area function's code uses of AWS, read from its bundle: the basis of its IAM grants
 * (area-grants.ts), instead of a hand-kept list per handler.
 *
 * Read from the analysis build (handler-bundling.ts, `areaBuildOptions(..., { analysis: true })`):
 * the deployed build's module graph after esbuild's tree shaking, unminified, so that
 * - each module's code follows a `// <module path>` marker, and
 * - our own modules still call the SDK's classes by their names (`new GetCommand(...)`,
 *   `paginateQuery(...)`, `new Upload(...)`).
 *
 * Why our call sites and not the SDK's own code: the SDK's definitions say little about use. A bundle
 * that sends one `GetCommand` through `@aws-sdk/lib-dynamodb` also carries the Query and Scan commands
 * (the package's paginators are kept: their top-level calls may have side effects), so grepping the
 * SDK's operation names ("GetItem", "Query", "Scan") would grant Scan to every function. A command
 * class named in code that survived tree shaking is an operation the function can send.
 *
 * S3 key prefixes come from shared/config/files-bucket.ts: the bundle keeps exactly the prefix
 * constants its code uses.
 */
export type AwsService =
  | 'dynamodb'
  | 's3'
  | 'sesv2'
  | 'apigatewaymanagementapi'
  | 'sfn'
  | 'lambda'
  | 'cognitoidentityprovider'
  | 'secretsmanager';

export interface AreaUsage {
  /** Operations by service (SDK operation names: GetItem, PutObject...), each with the modules naming it. */
  readonly operations: Partial<Record<AwsService, Record<string, string[]>>>;
  /** Files-bucket key prefixes (values, `catalog/`...) the code reaches. */
  readonly bucketPrefixes: string[];
}

/** The SDK packages our code may use, by service. lib-dynamodb's commands wrap client-dynamodb's. */
const CLIENT_PACKAGES: Record<AwsService, string> = {
  dynamodb: '@aws-sdk/client-dynamodb',
  s3: '@aws-sdk/client-s3',
  sesv2: '@aws-sdk/client-sesv2',
  apigatewaymanagementapi: '@aws-sdk/client-apigatewaymanagementapi',
  sfn: '@aws-sdk/client-sfn',
  lambda: '@aws-sdk/client-lambda',
  cognitoidentityprovider: '@aws-sdk/client-cognito-identity-provider',
  secretsmanager: '@aws-sdk/client-secrets-manager',
};
const DOCUMENT_CLIENT_PACKAGE = '@aws-sdk/lib-dynamodb';
/** lib-storage's `Upload` sends a PutObject, or a multipart upload that it aborts on failure. */
const UPLOAD_OPERATIONS = [
  'PutObject',
  'CreateMultipartUpload',
  'UploadPart',
  'CompleteMultipartUpload',
  'AbortMultipartUpload',
];
export const FILES_BUCKET_MODULE = 'shared/config/files-bucket.ts';

interface Operation {
  service: AwsService;
  operation: string;
}

/** Command class and paginator names of the SDK packages, each with its service and operation. */
export function sdkVocabulary(nodeModules: string): Map<string, Operation[]> {
  const names = new Map<string, Operation[]>();
  const add = (name: string, op: Operation) => {
    const known = names.get(name) ?? [];
    if (!known.some((k) => k.service === op.service && k.operation === op.operation)) known.push(op);
    names.set(name, known);
  };
  const typesDir = (pkg: string, sub: string) => path.join(nodeModules, pkg, 'dist-types', sub);
  const listNames = (dir: string, suffix: string) =>
    (existsSync(dir) ? readdirSync(dir) : [])
      .filter((f) => f.endsWith(`${suffix}.d.ts`))
      .map((f) => f.slice(0, -`${suffix}.d.ts`.length));

  const clientOps = new Map<AwsService, Set<string>>();
  for (const [service, pkg] of Object.entries(CLIENT_PACKAGES) as [AwsService, string][]) {
    const ops = new Set(listNames(typesDir(pkg, 'commands'), 'Command'));
    clientOps.set(service, ops);
    for (const operation of ops) add(`${operation}Command`, { service, operation });
    for (const paginated of listNames(typesDir(pkg, 'pagination'), 'Paginator'))
      add(`paginate${paginated}`, { service, operation: paginated });
  }
  // The document client's commands: GetCommand -> GetItem, BatchGetCommand -> BatchGetItem,
  // TransactWriteCommand -> TransactWriteItems, QueryCommand -> Query.
  const dynamoOps = clientOps.get('dynamodb') ?? new Set<string>();
  const documentOp = (name: string) =>
    [`${name}Item`, `${name}Items`, name].find((candidate) => dynamoOps.has(candidate));
  for (const name of listNames(typesDir(DOCUMENT_CLIENT_PACKAGE, 'commands'), 'Command')) {
    const operation = documentOp(name);
    if (operation) add(`${name}Command`, { service: 'dynamodb', operation });
  }
  const paginationDir = typesDir(DOCUMENT_CLIENT_PACKAGE, 'pagination');
  for (const file of readdirSync(paginationDir).filter((f) => f.endsWith('.d.ts'))) {
    const source = readFileSync(path.join(paginationDir, file), 'utf8');
    for (const [, fn] of source.matchAll(/export declare (?:const|function) (paginated?(\w+))\b/g)) {
      const operation = documentOp((fn ?? '').replace(/^paginated?/, ''));
      if (fn && operation) add(fn, { service: 'dynamodb', operation });
    }
  }
  return names;
}

/** `// functions/data/models.ts`: esbuild's marker before each module's code in an unminified bundle. */
const MODULE_MARKER = /^\/\/ ((?:[\w@.-]+\/)+[\w@.-]+\.(?:[cm]?[jt]sx?|json)|area:[\w-]+)$/gm;

export interface ModuleSection {
  module: string;
  code: string;
}

/**
 * Splits unminified esbuild output into the code of each module. A chunk's own `export { ... }` list
 * (what other chunks import from it) follows its last module and names no use: it is cut off.
 */
export function moduleSections(outputs: readonly string[]): ModuleSection[] {
  const sections: ModuleSection[] = [];
  for (const output of outputs) {
    const text = output.replace(/\nexport \{[^}]*\};?\s*$/, '\n');
    const markers = [...text.matchAll(MODULE_MARKER)];
    markers.forEach((marker, i) => {
      const start = (marker.index ?? 0) + marker[0].length;
      const end = markers[i + 1]?.index ?? text.length;
      sections.push({ module: marker[1] ?? '', code: text.slice(start, end) });
    });
  }
  return sections;
}

const isOwnModule = (module: string) =>
  !module.startsWith('node_modules/') && !module.includes('/node_modules/');

/**
 * The usage of one area, from the texts of its analysis build's output files. Throws on a name that
 * more than one of our SDK services define, and when S3 is used but no bucket prefix is reached (a key
 * spelled out instead of built from shared/config/files-bucket.ts).
 */
export function analyzeArea(outputs: readonly string[], vocabulary: Map<string, Operation[]>): AreaUsage {
  const sections = moduleSections(outputs);
  const operations: Partial<Record<AwsService, Record<string, string[]>>> = {};
  const record = (op: Operation, module: string) => {
    const byOp = operations[op.service] ?? {};
    operations[op.service] = byOp;
    const modules = byOp[op.operation] ?? [];
    byOp[op.operation] = modules;
    if (!modules.includes(module)) modules.push(module);
  };
  const usesLibStorage = sections.some((s) => s.module.includes('node_modules/@aws-sdk/lib-storage/'));

  for (const { module, code } of sections) {
    if (!isOwnModule(module)) continue;
    // esbuild renames colliding bindings with a numeric suffix (QueryCommand2).
    for (const [, name] of code.matchAll(/\b([A-Z]\w*?Command\d*|paginated?[A-Z]\w*)\b/g)) {
      if (!name) continue;
      const ops = vocabulary.get(name) ?? vocabulary.get(name.replace(/\d+$/, ''));
      if (!ops) continue;
      const services = new Set(ops.map((o) => o.service));
      if (services.size > 1)
        throw new Error(`${module}: '${name}' exists in ${[...services].join(' and ')}; cannot tell which`);
      for (const op of ops) record(op, module);
    }
    if (usesLibStorage && /\bnew Upload\d*\(/.test(code))
      for (const operation of UPLOAD_OPERATIONS) record({ service: 's3', operation }, module);
  }

  const declared = new Set(Object.values(filesBucketPrefixes()));
  const bucketPrefixes = new Set<string>();
  for (const { module, code } of sections) {
    if (module !== FILES_BUCKET_MODULE) continue;
    for (const [, value] of code.matchAll(/\b(?:var|const|let) \w+ = "([^"]*)"/g)) {
      if (value !== undefined && declared.has(value)) bucketPrefixes.add(value);
    }
  }
  if (operations.s3 && bucketPrefixes.size === 0) {
    throw new Error(
      `The code sends S3 operations (${Object.keys(operations.s3).join(', ')}) but reaches no prefix of ${FILES_BUCKET_MODULE}: build every files-bucket key from those constants.`,
    );
  }
  for (const byOp of Object.values(operations)) for (const modules of Object.values(byOp)) modules.sort();
  return { operations, bucketPrefixes: [...bucketPrefixes].sort() };
}
