import { Stack, Validations } from 'aws-cdk-lib';
import {
  FlowLogDestination,
  FlowLogTrafficType,
  GatewayVpcEndpointAwsService,
  type IInterfaceVpcEndpointService,
  InterfaceVpcEndpointAwsService,
  Peer,
  Port,
  SecurityGroup,
  SubnetType,
  Vpc,
} from 'aws-cdk-lib/aws-ec2';
import { AnyPrincipal, Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import {
  CfnFirewallDomainList,
  CfnFirewallRuleGroup,
  CfnFirewallRuleGroupAssociation,
} from 'aws-cdk-lib/aws-route53resolver';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';

/**
 * The network a model run lives in (docs/deploy.md, "Runner boundary"). A model is arbitrary code:
 * whatever the runner can reach, a model that escapes its process can try to reach too. So:
 * - isolated subnets: no internet route, no NAT;
 * - only the endpoints the task needs: ECR (api + dkr) and S3 (the image layers) to pull the image,
 *   CloudWatch Logs for its log, Lambda for the run-access function, S3 for the run's presigned URLs.
 *   No DynamoDB endpoint: nothing in this VPC reads the table;
 * - endpoint policies: the S3 gateway endpoint reaches this stack's files bucket and the ECR layer
 *   bucket only; the Lambda endpoint invokes the run-access function only; ECR pulls and log writes
 *   stay in this account;
 * - the runner security group sends HTTPS to the endpoints' security group and the S3 prefix list, nothing
 *   else;
 * - Route 53 Resolver DNS Firewall: the VPC resolves the AWS service names above and nothing else
 *   (DNS is a way out of an isolated subnet: the VPC resolver forwards any name to the internet).
 */
/** The construct id aws-cdk-lib gives the AwsCustomResource provider function (custom-resources). */
const AWS_CUSTOM_RESOURCE_SINGLETON = 'AWS679f53fac002430cb0da5b7982bd2287';

export interface RunnerNetworkProps {
  readonly filesBucket: IBucket;
  /** The one function the runner may invoke (the runaccess area). */
  readonly runAccessFunctionArn: string;
}

export class RunnerNetwork extends Construct {
  readonly vpc: Vpc;
  readonly securityGroup: SecurityGroup;
  readonly endpointSecurityGroup: SecurityGroup;
  readonly subnetIds: string[];
  /** The domains the runner VPC may resolve (the DNS Firewall's allow list). */
  readonly allowedDomains: string[];

  constructor(scope: Construct, id: string, props: RunnerNetworkProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const { region, urlSuffix, account } = stack;

    this.vpc = new Vpc(this, 'Vpc', {
      maxAzs: 2,
      natGateways: 0,
      subnetConfiguration: [{ name: 'runner', subnetType: SubnetType.PRIVATE_ISOLATED, cidrMask: 24 }],
    });
    this.vpc.addFlowLog('FlowLog', {
      destination: FlowLogDestination.toCloudWatchLogs(
        new LogGroup(this, 'FlowLogs', { retention: RetentionDays.THREE_MONTHS }),
      ),
      trafficType: FlowLogTrafficType.REJECT,
    });
    this.subnetIds = this.vpc.isolatedSubnets.map((s) => s.subnetId);

    // S3: the run's presigned URLs (files bucket) and the image layers ECR serves from its own bucket.
    const s3 = this.vpc.addGatewayEndpoint('S3Endpoint', { service: GatewayVpcEndpointAwsService.S3 });
    s3.addToPolicy(
      new PolicyStatement({
        sid: 'RunObjectsOfThisStack',
        principals: [new AnyPrincipal()],
        actions: ['s3:GetObject', 's3:PutObject'],
        resources: [props.filesBucket.arnForObjects('*')],
      }),
    );
    s3.addToPolicy(
      new PolicyStatement({
        sid: 'EcrImageLayers',
        principals: [new AnyPrincipal()],
        actions: ['s3:GetObject'],
        resources: [`arn:${stack.partition}:s3:::prod-${region}-starport-layer-bucket/*`],
      }),
    );

    this.securityGroup = new SecurityGroup(this, 'RunnerSecurityGroup', {
      vpc: this.vpc,
      description: 'Model runner tasks: no inbound; HTTPS to the VPC endpoints only',
      allowAllOutbound: false,
    });
    this.endpointSecurityGroup = new SecurityGroup(this, 'EndpointSecurityGroup', {
      vpc: this.vpc,
      description: 'Interface endpoints of the runner VPC: HTTPS from the runner tasks only',
      allowAllOutbound: false,
    });
    this.endpointSecurityGroup.addIngressRule(this.securityGroup, Port.tcp(443), 'Runner tasks');
    this.securityGroup.addEgressRule(
      this.endpointSecurityGroup,
      Port.tcp(443),
      'HTTPS to the interface endpoints',
    );
    this.securityGroup.addEgressRule(
      Peer.prefixList(this.s3PrefixListId()),
      Port.tcp(443),
      'HTTPS to S3 through the gateway endpoint',
    );

    const accountResources = (service: string, resource: string) =>
      `arn:${stack.partition}:${service}:${region}:${account}:${resource}`;
    const interfaceEndpoints: [string, IInterfaceVpcEndpointService, PolicyStatement[]][] = [
      [
        'LambdaEndpoint',
        InterfaceVpcEndpointAwsService.LAMBDA,
        [
          new PolicyStatement({
            principals: [new AnyPrincipal()],
            actions: ['lambda:InvokeFunction'],
            resources: [props.runAccessFunctionArn],
          }),
        ],
      ],
      [
        'EcrApiEndpoint',
        InterfaceVpcEndpointAwsService.ECR,
        [
          // GetAuthorizationToken has no resource; the pulls name this account's repositories.
          new PolicyStatement({
            principals: [new AnyPrincipal()],
            actions: ['ecr:GetAuthorizationToken'],
            resources: ['*'],
          }),
          new PolicyStatement({
            principals: [new AnyPrincipal()],
            actions: ['ecr:BatchGetImage', 'ecr:GetDownloadUrlForLayer', 'ecr:BatchCheckLayerAvailability'],
            resources: [accountResources('ecr', 'repository/*')],
          }),
        ],
      ],
      [
        'EcrDockerEndpoint',
        InterfaceVpcEndpointAwsService.ECR_DOCKER,
        [
          new PolicyStatement({
            principals: [new AnyPrincipal()],
            actions: ['ecr:BatchGetImage', 'ecr:GetDownloadUrlForLayer', 'ecr:BatchCheckLayerAvailability'],
            resources: [accountResources('ecr', 'repository/*')],
          }),
        ],
      ],
      [
        'LogsEndpoint',
        InterfaceVpcEndpointAwsService.CLOUDWATCH_LOGS,
        [
          new PolicyStatement({
            principals: [new AnyPrincipal()],
            actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
            resources: [accountResources('logs', 'log-group:*')],
          }),
        ],
      ],
    ];
    for (const [name, service, statements] of interfaceEndpoints) {
      const endpoint = this.vpc.addInterfaceEndpoint(name, {
        service,
        privateDnsEnabled: true,
        open: false,
        securityGroups: [this.endpointSecurityGroup],
      });
      for (const statement of statements) endpoint.addToPolicy(statement);
    }

    this.allowedDomains = [
      `lambda.${region}.${urlSuffix}`,
      `api.ecr.${region}.${urlSuffix}`,
      `*.dkr.ecr.${region}.${urlSuffix}`,
      `logs.${region}.${urlSuffix}`,
      `s3.${region}.${urlSuffix}`,
      `*.s3.${region}.${urlSuffix}`,
    ];
    this.addDnsFirewall();
  }

  /**
   * The walled garden: one rule allows the service names above, the next blocks every other name
   * (`*`). The association's priority sits between the ones AWS reserves for managed rule groups.
   */
  private addDnsFirewall(): void {
    const allowed = new CfnFirewallDomainList(this, 'AllowedDomains', { domains: this.allowedDomains });
    const everything = new CfnFirewallDomainList(this, 'AllDomains', { domains: ['*'] });
    const rules = new CfnFirewallRuleGroup(this, 'DnsFirewallRules', {
      firewallRules: [
        { action: 'ALLOW', firewallDomainListId: allowed.attrId, priority: 100 },
        {
          action: 'BLOCK',
          blockResponse: 'NXDOMAIN',
          firewallDomainListId: everything.attrId,
          priority: 200,
        },
      ],
    });
    new CfnFirewallRuleGroupAssociation(this, 'DnsFirewallAssociation', {
      firewallRuleGroupId: rules.attrId,
      vpcId: this.vpc.vpcId,
      priority: 1000,
    });
  }

  /**
   * The id of the region's S3 prefix list (`com.amazonaws.<region>.s3`), for the egress rule: the
   * gateway endpoint routes S3's public addresses, which only that list names. CloudFormation does not
   * expose it, and a context lookup would bind the stack to an account: one SDK call at deploy.
   */
  private s3PrefixListId(): string {
    const call = {
      service: 'EC2',
      action: 'DescribeManagedPrefixLists',
      parameters: {
        Filters: [{ Name: 'prefix-list-name', Values: [`com.amazonaws.${Stack.of(this).region}.s3`] }],
      },
      physicalResourceId: PhysicalResourceId.of('s3-prefix-list'),
      outputPaths: ['PrefixLists.0.PrefixListId'],
    };
    const lookup = new AwsCustomResource(this, 'S3PrefixList', {
      onCreate: call,
      onUpdate: call,
      installLatestAwsSdk: false,
      policy: AwsCustomResourcePolicy.fromStatements([
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: ['ec2:DescribeManagedPrefixLists'],
          resources: ['*'],
        }),
      ]),
    });
    Validations.of(lookup).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'ec2:DescribeManagedPrefixLists has no resource-level permissions; it only reads the S3 prefix list id.',
    });
    // AwsCustomResource runs its calls in one function per stack (a singleton beside the stack's root).
    const provider = Stack.of(this).node.tryFindChild(AWS_CUSTOM_RESOURCE_SINGLETON);
    if (provider)
      Validations.of(provider).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason:
          "The AwsCustomResource provider's role: AWS's basic execution policy only writes its own log streams; its one call is granted separately.",
      });
    return lookup.getResponseField('PrefixLists.0.PrefixListId');
  }
}
