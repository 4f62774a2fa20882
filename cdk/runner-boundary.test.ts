import { RUN_ACCESS_AREA, WORKFLOW_AREA } from '@shared/api/routes';
import { ENV_VARS } from '@shared/config/env-vars';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNNER_IMAGES } from './constructs/runner-cluster';
import { removeTestOutput, sharedTestApp } from './testing/test-app';

/**
 * The runner boundary in AWS (issue 16 §1, docs/deploy.md "Runner boundary"): a model that obtains the
 * runner's task role gets nothing but the run-access function, which answers only to the run's token;
 * the runner's network reaches only the endpoints it needs, each limited to this stack's resources;
 * DNS resolves only those services' names.
 */
type Resource = { Type: string; Properties: Record<string, unknown> };
type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Principal?: unknown };

let stateless: Template;
let bucketObjects: unknown;

// One synth with the area analysis: about 10 s on a quiet machine, minutes on a busy shared one.
beforeAll(() => {
  const built = sharedTestApp();
  stateless = Template.fromStack(built.stateless);
  bucketObjects = built.stateless.resolve(built.stateless.filesBucket.arnForObjects('*'));
}, 900_000);

afterAll(() => removeTestOutput());

const resources = (type: string) => Object.entries(stateless.findResources(type)) as [string, Resource][];
const actionsOf = (s: Statement) => (Array.isArray(s.Action) ? s.Action : [s.Action]);

function functionId(area: string): string {
  const found = resources('AWS::Lambda::Function').find(([, r]) =>
    String(r.Properties.Description).startsWith(`${area}:`),
  );
  if (!found) throw new Error(`No function for ${area}`);
  return found[0];
}

function statementsOfRole(roleId: string): Statement[] {
  return resources('AWS::IAM::Policy')
    .filter(([, p]) => JSON.stringify(p.Properties.Roles).includes(`"${roleId}"`))
    .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
}

const taskDefinitions = () => resources('AWS::ECS::TaskDefinition').map(([, t]) => t);
const roleOf = (t: Resource, field: 'TaskRoleArn' | 'ExecutionRoleArn') =>
  (t.Properties[field] as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0] ?? '';

describe('the runner task role', () => {
  it('may invoke the run-access function and nothing else: no S3, no DynamoDB', () => {
    expect(taskDefinitions()).toHaveLength(RUNNER_IMAGES.length);
    for (const taskDefinition of taskDefinitions()) {
      const statements = statementsOfRole(roleOf(taskDefinition, 'TaskRoleArn'));
      const actions = statements.flatMap(actionsOf);
      expect(actions.filter((a) => a.startsWith('s3:') || a.startsWith('dynamodb:'))).toEqual([]);
      expect(statements).toEqual([
        {
          Effect: 'Allow',
          Action: 'lambda:InvokeFunction',
          Resource: { 'Fn::GetAtt': [functionId(RUN_ACCESS_AREA), 'Arn'] },
        },
      ]);
    }
  });

  it('holds no bucket or table name, only the run-access function’s', () => {
    for (const taskDefinition of taskDefinitions()) {
      const [container] = taskDefinition.Properties.ContainerDefinitions as {
        Environment: { Name: string; Value: unknown }[];
      }[];
      const env = container?.Environment ?? [];
      const names = env.map((e) => e.Name);
      expect(names).not.toContain(ENV_VARS.filesBucket);
      expect(names).not.toContain(ENV_VARS.tableName);
      expect(env.find((e) => e.Name === 'RUN_ACCESS_FUNCTION_NAME')?.Value).toEqual({
        Ref: functionId(RUN_ACCESS_AREA),
      });
    }
  });

  it('gets its per-run token from Prepare through the container overrides', () => {
    const machine = resources('AWS::StepFunctions::StateMachine')[0]?.[1];
    expect(JSON.stringify(machine?.Properties.DefinitionString)).toContain(
      '\\"Name\\": \\"RUN_ACCESS_TOKEN\\",\\n                  \\"Value.$\\": \\"$.prepared.accessToken\\"',
    );
  });
});

describe('the run-access function', () => {
  it('is not the workflow function, so the runner cannot invoke Prepare, Collect or MarkFailed', () => {
    expect(functionId(RUN_ACCESS_AREA)).not.toBe(functionId(WORKFLOW_AREA));
  });

  it('reads the table and signs URLs for the run objects, and writes nothing in the table', () => {
    const fnRoles = resources('AWS::Lambda::Function').find(([id]) => id === functionId(RUN_ACCESS_AREA))?.[1]
      .Properties.Role as { 'Fn::GetAtt': string[] };
    const actions = statementsOfRole(fnRoles['Fn::GetAtt'][0] ?? '').flatMap(actionsOf);
    expect(actions).toContain('dynamodb:GetItem');
    expect(actions).toEqual(expect.arrayContaining(['s3:GetObject', 's3:PutObject']));
    expect(actions.filter((a) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(a))).toEqual([]);
  });
});

describe('the runner network', () => {
  const endpoints = () => resources('AWS::EC2::VPCEndpoint').map(([, e]) => e);
  const serviceOf = (e: Resource) => JSON.stringify(e.Properties.ServiceName);

  it('has the endpoints a run needs and no DynamoDB endpoint', () => {
    const services = endpoints().map(serviceOf).join(' ');
    for (const service of ['.s3', '.ecr.api', '.ecr.dkr', '.logs', '.lambda'])
      expect(services).toContain(service);
    expect(services).not.toContain('dynamodb');
  });

  it('limits the S3 gateway endpoint to this stack’s bucket and the ECR layer bucket', () => {
    const s3 = endpoints().find(
      (e) => e.Properties.VpcEndpointType === 'Gateway' && serviceOf(e).includes('.s3'),
    );
    const statements =
      (s3?.Properties.PolicyDocument as { Statement: Statement[] } | undefined)?.Statement ?? [];
    const targets = statements.map((s) => JSON.stringify(s.Resource));
    expect(targets).toHaveLength(2);
    expect(statements[0]?.Resource).toEqual(bucketObjects);
    expect(targets[1]).toContain('-starport-layer-bucket/*');
    expect(statements.flatMap(actionsOf).sort()).toEqual(['s3:GetObject', 's3:GetObject', 's3:PutObject']);
    expect(targets).not.toContain('"*"');
  });

  it('gives every interface endpoint a policy, the Lambda one naming only the run-access function', () => {
    const interfaces = endpoints().filter((e) => e.Properties.VpcEndpointType === 'Interface');
    expect(interfaces).toHaveLength(4);
    for (const endpoint of interfaces) {
      expect(endpoint.Properties.PolicyDocument).toBeDefined();
      expect(endpoint.Properties.PrivateDnsEnabled).toBe(true);
    }
    const lambda = interfaces.find((e) => serviceOf(e).includes('.lambda'));
    expect((lambda?.Properties.PolicyDocument as { Statement: Statement[] } | undefined)?.Statement).toEqual([
      expect.objectContaining({
        Action: 'lambda:InvokeFunction',
        Resource: { 'Fn::GetAtt': [functionId(RUN_ACCESS_AREA), 'Arn'] },
      }),
    ]);
  });

  it('lets runner tasks send HTTPS to the endpoints and the S3 prefix list only', () => {
    const runnerGroup = resources('AWS::EC2::SecurityGroup').find(([, g]) =>
      String(g.Properties.GroupDescription).startsWith('Model runner tasks'),
    );
    const [groupId, group] = runnerGroup ?? [];
    // No inline egress beyond CDK's placeholder for "no outbound".
    expect(JSON.stringify(group?.Properties.SecurityGroupEgress ?? [])).not.toContain('0.0.0.0/0');
    const egress = resources('AWS::EC2::SecurityGroupEgress')
      .map(([, e]) => e.Properties)
      .filter((e) => JSON.stringify(e.GroupId).includes(`"${groupId}"`));
    expect(egress).toHaveLength(2);
    for (const rule of egress) expect(rule).toMatchObject({ IpProtocol: 'tcp', FromPort: 443, ToPort: 443 });
    expect(egress.some((e) => e.DestinationSecurityGroupId !== undefined)).toBe(true);
    expect(egress.some((e) => e.DestinationPrefixListId !== undefined)).toBe(true);
    expect(egress.some((e) => e.CidrIp !== undefined || e.CidrIpv6 !== undefined)).toBe(false);
    // The ECS task of every runner sits in that group (the ASL's RunModel names it).
    expect(JSON.stringify(resources('AWS::StepFunctions::StateMachine')[0]?.[1].Properties)).toContain(
      groupId,
    );
  });

  it('resolves only the AWS service names a run needs (DNS Firewall, everything else blocked)', () => {
    const [association] = resources('AWS::Route53Resolver::FirewallRuleGroupAssociation').map(([, a]) => a);
    const [vpcId] = resources('AWS::EC2::VPC').map(([id]) => id);
    expect(association?.Properties.VpcId).toEqual({ Ref: vpcId });
    const [group] = resources('AWS::Route53Resolver::FirewallRuleGroup').map(([, g]) => g);
    const rules = group?.Properties.FirewallRules as {
      Action: string;
      Priority: number;
      FirewallDomainListId: unknown;
    }[];
    const lists = Object.fromEntries(
      resources('AWS::Route53Resolver::FirewallDomainList').map(([id, l]) => [
        id,
        l.Properties.Domains as unknown[],
      ]),
    );
    const domainsOf = (rule: { FirewallDomainListId: unknown } | undefined) =>
      lists[(rule?.FirewallDomainListId as { 'Fn::GetAtt': string[] } | undefined)?.['Fn::GetAtt'][0] ?? ''];
    const [allow, block] = [...rules].sort((a, b) => a.Priority - b.Priority);
    expect(allow?.Action).toBe('ALLOW');
    expect(JSON.stringify(domainsOf(allow))).toContain('lambda.');
    expect(JSON.stringify(domainsOf(allow))).toContain('dkr.ecr.');
    expect(block?.Action).toBe('BLOCK');
    expect(domainsOf(block)).toEqual(['*']);
  });
});
