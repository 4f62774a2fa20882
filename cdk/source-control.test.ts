import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, fakeWebBuild, removeTestOutput } from './testing/test-app';

/**
 * Source control (issue 18 §5): with Bitbucket configured, the source-control function alone may read
 * the token's secret, with GetSecretValue on that one ARN, and learns where Bitbucket is.
 */
const SECRET_ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:mr/bitbucket-token-AbC123';
let built: ReturnType<typeof buildTestApp>;
let template: Template;

beforeAll(() => {
  built = buildTestApp({
    bitbucketBaseUrl: 'https://bitbucket.example.com/',
    bitbucketTokenSecretArn: SECRET_ARN,
  });
  template = Template.fromStack(built.stateless);
});
afterAll(() => removeTestOutput());

interface Statement {
  Action: string | string[];
  Resource: unknown;
}

function secretStatements() {
  return Object.values(template.findResources('AWS::IAM::Policy')).flatMap((policy) =>
    (policy.Properties.PolicyDocument.Statement as Statement[])
      .filter((s) => [s.Action].flat().some((a) => a.startsWith('secretsmanager:')))
      .map((s) => ({ roles: JSON.stringify(policy.Properties.Roles), statement: s })),
  );
}

describe('source control in the stack', () => {
  it('grants GetSecretValue on the token secret to the source-control function only', () => {
    const fn = built.stateless.area('source-control');
    const roleId = built.stateless.getLogicalId(fn.role.node.defaultChild as never);
    const grants = secretStatements();
    expect(grants).toHaveLength(1);
    expect(grants[0]?.roles).toContain(`"${roleId}"`);
    expect(grants[0]?.statement).toMatchObject({
      Action: 'secretsmanager:GetSecretValue',
      Resource: SECRET_ARN,
    });
  });

  it("sets the provider, Bitbucket's base URL and the secret on that function", () => {
    const fn = built.stateless.area('source-control');
    const resource =
      template.toJSON().Resources[built.stateless.getLogicalId(fn.function.node.defaultChild as never)];
    expect(resource.Properties.Environment.Variables).toMatchObject({
      SOURCE_CONTROL_PROVIDER: 'bitbucket',
      BITBUCKET_BASE_URL: 'https://bitbucket.example.com',
      BITBUCKET_TOKEN_SECRET: SECRET_ARN,
    });
  });

  it('refuses half a configuration and a secret named without its complete ARN', () => {
    expect(() => buildTestApp({ bitbucketBaseUrl: 'https://bitbucket.example.com' })).toThrow(
      'Source control needs both bitbucketBaseUrl and bitbucketTokenSecretArn',
    );
    expect(() =>
      buildTestApp({
        bitbucketBaseUrl: 'https://bitbucket.example.com',
        bitbucketTokenSecretArn: 'mr/bitbucket-token',
      }),
    ).toThrow('complete ARN');
    expect(() =>
      buildTestApp({ bitbucketBaseUrl: 'http://bitbucket.example.com', bitbucketTokenSecretArn: SECRET_ARN }),
    ).toThrow('https URL');
  });
});
