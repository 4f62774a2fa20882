import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeArea, FILES_BUCKET_MODULE, sdkVocabulary } from './area-analysis';
import { REPO_ROOT } from './handler-bundling';

const vocabulary = sdkVocabulary(path.join(REPO_ROOT, 'node_modules'));

/** Unminified esbuild output: a `// <module>` marker before each module's code. */
const output = (...modules: [string, string][]) =>
  modules.map(([module, code]) => `// ${module}\n${code}\n`).join('\n');

describe('the area analysis', () => {
  it("reads the operations our modules name, not those the SDK's own modules define", () => {
    const usage = analyzeArea(
      [
        output(
          [
            'node_modules/@aws-sdk/lib-dynamodb/dist-es/commands/ScanCommand.js',
            'var ScanCommand = class {};',
          ],
          [
            'functions/data/users.ts',
            'async function getUser(id) { return ddb().send(new GetCommand2({ Key: id })); }',
          ],
          ['functions/data/table.ts', 'const pages = paginateQuery(config, input);'],
        ),
      ],
      vocabulary,
    );
    expect(usage).toEqual({
      operations: {
        dynamodb: { GetItem: ['functions/data/users.ts'], Query: ['functions/data/table.ts'] },
      },
      bucketPrefixes: [],
    });
  });

  it("maps the Cognito client's commands (approving a self-registration creates the user)", () => {
    const usage = analyzeArea(
      [
        output([
          'functions/lib/cognito-users.ts',
          'await cognito().send(new AdminCreateUserCommand({})); await cognito().send(new AdminAddUserToGroupCommand({}));',
        ]),
      ],
      vocabulary,
    );
    expect(usage.operations).toEqual({
      cognitoidentityprovider: {
        AdminCreateUser: ['functions/lib/cognito-users.ts'],
        AdminAddUserToGroup: ['functions/lib/cognito-users.ts'],
      },
    });
  });

  it('ignores the export list that ends a chunk', () => {
    const chunk = `${output(['functions/data/models.ts', 'function getModel() {}'])}export {\n  PutCommand,\n  getModel\n};\n`;
    expect(analyzeArea([chunk], vocabulary).operations).toEqual({});
  });

  it('takes the bucket prefixes from the constants the bundle kept, and maps S3 and lib-storage calls', () => {
    const usage = analyzeArea(
      [
        output(
          [FILES_BUCKET_MODULE, 'var CATALOG_PREFIX = "catalog/";'],
          ['node_modules/@aws-sdk/lib-storage/dist-es/Upload.js', 'var Upload = class {};'],
          ['functions/data/file-objects.ts', 'await s3().send(new GetObjectCommand({})); new Upload({});'],
        ),
      ],
      vocabulary,
    );
    expect(usage.bucketPrefixes).toEqual(['catalog/']);
    expect(Object.keys(usage.operations.s3 ?? {})).toEqual(
      expect.arrayContaining(['GetObject', 'PutObject', 'CreateMultipartUpload', 'AbortMultipartUpload']),
    );
  });

  it('refuses S3 calls whose keys come from no declared prefix', () => {
    expect(() =>
      analyzeArea(
        [output(['functions/data/x.ts', 'await s3().send(new PutObjectCommand({ Key: "exports/x" }));'])],
        vocabulary,
      ),
    ).toThrow(/reaches no prefix/);
  });
});
