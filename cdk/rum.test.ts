import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedTestApp } from './testing/test-app';

/**
 * Usage analytics in AWS (issue 20 §8): the web stack's CloudWatch RUM app monitor, the guest identity
 * whose role can only send events to it, and the settings that reach the browser in config.json.
 */
let template: Template;
let built: ReturnType<typeof sharedTestApp>;

beforeAll(() => {
  built = sharedTestApp();
  template = Template.fromStack(built.web);
});

const resolve = (value: unknown) => Stack.of(built.web).resolve(value);

describe('the RUM app monitor', () => {
  it('takes custom events only, for the web domain, without cookies or X-Ray', () => {
    template.resourceCountIs('AWS::RUM::AppMonitor', 1);
    template.hasResourceProperties('AWS::RUM::AppMonitor', {
      Domain: 'web.example.com',
      CustomEvents: { Status: 'ENABLED' },
      CwLogEnabled: true,
      AppMonitorConfiguration: Match.objectLike({
        AllowCookies: false,
        EnableXRay: false,
        Telemetries: [],
        SessionSampleRate: 1,
        IdentityPoolId: Match.anyValue(),
        GuestRoleArn: Match.anyValue(),
      }),
    });
  });

  it('gives browsers an unauthenticated identity whose role may only put RUM events on this monitor', () => {
    template.hasResourceProperties('AWS::Cognito::IdentityPool', { AllowUnauthenticatedIdentities: true });
    const roles = template.findResources('AWS::IAM::Role', {
      Properties: { Description: Match.stringLikeRegexp('CloudWatch RUM guest') },
    });
    expect(Object.keys(roles)).toHaveLength(1);
    const role = Object.values(roles)[0]?.Properties;
    const trust = role.AssumeRolePolicyDocument.Statement[0];
    expect(trust).toMatchObject({
      Action: 'sts:AssumeRoleWithWebIdentity',
      Principal: { Federated: 'cognito-identity.amazonaws.com' },
      Condition: {
        'ForAnyValue:StringLike': { 'cognito-identity.amazonaws.com:amr': 'unauthenticated' },
      },
    });
    const statements = role.Policies.flatMap(
      (p: { PolicyDocument: { Statement: unknown[] } }) => p.PolicyDocument.Statement,
    );
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatchObject({ Action: 'rum:PutRumEvents', Effect: 'Allow' });
    const resource = JSON.stringify(statements[0].Resource);
    expect(resource).toContain(':rum:');
    expect(resource).toContain('appmonitor/model-repository-');
    expect(resource).not.toContain('*');
    // No managed policy widens it.
    expect(role.ManagedPolicyArns).toBeUndefined();
    const [roleId] = Object.keys(roles);
    template.hasResourceProperties('AWS::Cognito::IdentityPoolRoleAttachment', {
      Roles: { unauthenticated: { 'Fn::GetAtt': [roleId, 'Arn'] } },
    });
  });

  it("writes the monitor, the identity pool, the guest role and the region into the web app's config.json", () => {
    const rum = resolve(built.web.webConfig.rum) as Record<string, unknown>;
    expect(Object.keys(rum).sort()).toEqual(['appMonitorId', 'guestRoleArn', 'identityPoolId', 'region']);
    expect(JSON.stringify(rum.appMonitorId)).toContain('AppMonitor');
    expect(JSON.stringify(rum.identityPoolId)).toContain('IdentityPool');
    expect(JSON.stringify(rum.guestRoleArn)).toContain('GuestRole');
  });

  it("lets the site's CSP reach the guest identity, STS and the RUM data plane of its region", () => {
    const policies = template.findResources('AWS::CloudFront::ResponseHeadersPolicy');
    const csp = JSON.stringify(Object.values(policies)[0]?.Properties);
    for (const host of ['dataplane.rum.', 'cognito-identity.', 'sts.'])
      expect(csp).toContain(`https://${host}`);
  });
});
