import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { describe, expect, it } from 'vitest';
import { readDeployConfig } from './config';
import { grantAreaUsage } from './constructs/area-grants';
import { StatefulStack } from './stacks/stateful-stack';
import { cdkJsonContext } from './testing/test-app';

/**
 * The stateful stack alone (no area bundles, so it synthesizes in a moment): what a first deploy into
 * an empty account needs from it, and what a failed one leaves behind.
 */
const BASE = { hostedUiDomainPrefix: 'acme-models-dev', buildTime: '2026-01-01T00:00:00.000Z' };

function statefulStack(context: Record<string, unknown> = {}): StatefulStack {
  const app = new App({ context: { ...cdkJsonContext(), ...BASE, ...context } });
  return new StatefulStack(app, 'Stateful', { config: readDeployConfig(app.node, '1.0.0') });
}
const template = (context: Record<string, unknown> = {}) => Template.fromStack(statefulStack(context));

describe('a failed first deploy', () => {
  it('rolls back the table, the files bucket and the user pool (RetainExceptOnCreate), and retains them on update or delete', () => {
    const stack = template();
    for (const type of ['AWS::DynamoDB::Table', 'AWS::Cognito::UserPool']) {
      const resources = Object.values(stack.findResources(type));
      expect(resources).toHaveLength(1);
      expect(resources[0]).toMatchObject({
        DeletionPolicy: 'RetainExceptOnCreate',
        UpdateReplacePolicy: 'Retain',
      });
    }
    // The files bucket has a fixed name: kept after a failed CREATE, it blocked every retry.
    stack.hasResource('AWS::S3::Bucket', {
      Properties: Match.objectLike({
        BucketName: Match.anyValue(),
        VersioningConfiguration: Match.anyValue(),
      }),
      DeletionPolicy: 'RetainExceptOnCreate',
      UpdateReplacePolicy: 'Retain',
    });
    expect(JSON.stringify(stack.toJSON())).not.toMatch(/"DeletionPolicy":"Delete"/);
  });

  it('protects the table and the pool from deletion unless the first deploy turns it off', () => {
    const protectedStack = template();
    protectedStack.hasResourceProperties('AWS::DynamoDB::Table', { DeletionProtectionEnabled: true });
    protectedStack.hasResourceProperties('AWS::Cognito::UserPool', { DeletionProtection: 'ACTIVE' });
    // CloudFormation cannot delete a protected table or pool, so their CREATE could not roll back.
    const first = template({ deletionProtection: 'false' });
    first.hasResourceProperties('AWS::DynamoDB::Table', { DeletionProtectionEnabled: false });
    first.hasResourceProperties('AWS::Cognito::UserPool', { DeletionProtection: 'INACTIVE' });
    expect(() => template({ deletionProtection: 'no' })).toThrow(
      /"deletionProtection" must be true or false/,
    );
  });
});

describe('the hosted-UI domain prefix', () => {
  it('fails the synth with a clear message when it is not set', () => {
    expect(() => template({ hostedUiDomainPrefix: undefined })).toThrow(
      /"hostedUiDomainPrefix" is not set: choose a prefix for the Cognito sign-in domain/,
    );
    expect(() => template({ hostedUiDomainPrefix: '' })).toThrow(/"hostedUiDomainPrefix" is not set/);
  });

  it('refuses a prefix Cognito would refuse', () => {
    for (const prefix of [
      'Acme',
      'acme_models',
      '-acme',
      'acme-',
      'my-aws-models',
      'cognito-x',
      'a'.repeat(64),
    ]) {
      expect(() => template({ hostedUiDomainPrefix: prefix }), prefix).toThrow(
        /is not a valid Cognito domain prefix/,
      );
    }
  });

  it('names the domain with the configured prefix', () => {
    template().hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: 'acme-models-dev' });
  });
});

describe('the mail identity', () => {
  it('creates the SES identity from mailFrom', () => {
    const stack = statefulStack({ mailFrom: 'models.example.com' });
    Template.fromStack(stack).hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'models.example.com',
    });
    expect(stack.mailFromAddress).toBe('no-reply@models.example.com');
  });

  it('uses an existing verified identity, by name or ARN, instead of creating one', () => {
    for (const existing of ['example.com', 'arn:aws:ses:eu-west-1:123456789012:identity/example.com']) {
      const stack = statefulStack({ existingMailIdentity: existing, mailFrom: 'models@example.com' });
      Template.fromStack(stack).resourceCountIs('AWS::SES::EmailIdentity', 0);
      expect(stack.mailIdentity?.emailIdentityName).toBe('example.com');
      expect(stack.mailFromAddress).toBe('models@example.com');
    }
    // Without mailFrom the identity is the sender (no-reply@ for a domain).
    expect(statefulStack({ existingMailIdentity: 'example.com' }).mailFromAddress).toBe(
      'no-reply@example.com',
    );
    expect(statefulStack({ existingMailIdentity: 'ops@example.com' }).mailFromAddress).toBe(
      'ops@example.com',
    );
  });

  it('refuses a sender the existing identity cannot send as', () => {
    expect(() => statefulStack({ existingMailIdentity: 'example.com', mailFrom: 'x@other.org' })).toThrow(
      /cannot be sent through the SES identity "example.com"/,
    );
    expect(() =>
      statefulStack({ existingMailIdentity: 'ops@example.com', mailFrom: 'someone@example.com' }),
    ).toThrow(/cannot be sent through/);
  });

  it('grants sending through the existing identity to code that mails, with its address as MAIL_FROM', () => {
    const stateful = statefulStack({ existingMailIdentity: 'example.com' });
    const stack = new Stack(stateful.node.root as App, 'Consumer');
    const role = new Role(stack, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    const env: Record<string, string> = {};
    const target = {
      grantPrincipal: role,
      addEnvironment: (name: string, value: string) => {
        env[name] = value;
      },
    };
    const identity = stateful.mailIdentity;
    if (!identity || !stateful.mailFromAddress) throw new Error('no mail identity');
    grantAreaUsage(
      target,
      { operations: { sesv2: { SendEmail: ['functions/lib/mailer.ts'] } }, bucketPrefixes: [] },
      {
        table: stateful.table,
        filesBucket: stateful.filesBucket,
        webSocket: { apiId: 'api', stageName: 'live' },
        stateMachine: {} as IStateMachine,
        mail: { identity, fromAddress: stateful.mailFromAddress },
        jobsFunction: {} as IFunction,
        userPool: stateful.userPool,
      },
    );
    expect(env.MAIL_FROM).toBe('no-reply@example.com');
    const policy = JSON.stringify(Template.fromStack(stack).findResources('AWS::IAM::Policy'));
    expect(policy).toContain('"Action":"ses:SendEmail"');
    expect(policy).toContain(':identity/example.com');
  });

  it('grants the Cognito calls of approving a registration on the user pool only', () => {
    const stateful = statefulStack({});
    const stack = new Stack(stateful.node.root as App, 'Consumer');
    const role = new Role(stack, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    grantAreaUsage(
      { grantPrincipal: role, addEnvironment: () => undefined },
      {
        operations: {
          cognitoidentityprovider: {
            AdminCreateUser: ['functions/lib/cognito-users.ts'],
            AdminAddUserToGroup: ['functions/lib/cognito-users.ts'],
          },
        },
        bucketPrefixes: [],
      },
      {
        table: stateful.table,
        filesBucket: stateful.filesBucket,
        webSocket: { apiId: 'api', stageName: 'live' },
        stateMachine: {} as IStateMachine,
        jobsFunction: {} as IFunction,
        userPool: stateful.userPool,
      },
    );
    const statements = Object.values(Template.fromStack(stack).findResources('AWS::IAM::Policy')).flatMap(
      (p) =>
        (p.Properties.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] }).Statement,
    );
    expect(statements.map((st) => st.Action)).toEqual([
      ['cognito-idp:AdminAddUserToGroup', 'cognito-idp:AdminCreateUser'],
    ]);
    expect(JSON.stringify(statements[0]?.Resource)).toMatch(/UserPool/);
  });
});
