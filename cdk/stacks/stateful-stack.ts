import { COGNITO_INVITATION } from '@shared/config/cognito-invitation';
import { CATALOG_PREFIX, DIFFS_PREFIX, DOWNLOADS_PREFIX, UPLOADS_PREFIX } from '@shared/config/files-bucket';
import { TABLE_SCHEMA } from '@shared/config/table-schema';
import {
  CfnOutput,
  Duration,
  RemovalPolicy,
  SecretValue,
  Stack,
  type StackProps,
  Validations,
} from 'aws-cdk-lib';
import {
  AccountRecovery,
  ClientAttributes,
  FeaturePlan,
  type IUserPoolIdentityProvider,
  Mfa,
  OAuthScope,
  ProviderAttribute,
  StandardThreatProtectionMode,
  StringAttribute,
  UserPool,
  type UserPoolClient,
  UserPoolClientIdentityProvider,
  type UserPoolDomain,
  UserPoolGroup,
  UserPoolIdentityProviderOidc,
  UserPoolIdentityProviderSaml,
  UserPoolIdentityProviderSamlMetadata,
} from 'aws-cdk-lib/aws-cognito';
import { AttributeType, BillingMode, StreamViewType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  HttpMethods,
  type LifecycleRule,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { EmailIdentity, Identity, type IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import type { DeployConfig, FederatedIdpConfig } from '../config';

export interface StatefulStackProps extends StackProps {
  readonly config: DeployConfig;
}

/** The user groups of the product; the DynamoDB user record is authoritative, the groups mirror it. */
export const USER_GROUPS = ['SUPERUSER', 'INTERNALUSER', 'EXTERNALUSER'] as const;

/**
 * The files bucket has a predictable name (unique per stage, account and region), so the stateless
 * and web stacks address it by name in their own account/region instead of importing a cross-stack
 * export; grants and their cdk-nag acknowledgements then read the same in every stack.
 */
export function filesBucketName(scope: Stack, stage: string): string {
  return `mr-${stage}-files-${scope.account}-${scope.region}`;
}

/**
 * What keeps data (the table, the files bucket, the user pool) is retained when the stack is deleted or
 * a change replaces it, but not when the CREATE that made it is rolled back: a failed first deploy
 * leaves no fixed-name bucket behind to block the retry (CloudFormation's RetainExceptOnCreate).
 */
export const DATA_REMOVAL_POLICY = RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE;

/**
 * What the files bucket forgets by itself (S3 applies lifecycle rules once a day, so "1 day" means
 * gone within one to two days; the presigned links to these objects expire after 15 minutes anyway):
 * - `uploads/`: bodies a browser uploaded but no entry ever attached (attaching copies them).
 * - `downloads/`: the "Download all" archives.
 * - `catalog/`: the search snapshot is rewritten on every compaction; only the newest few old
 *   versions are kept for a rollback.
 * - `diffs/`: computed workbook diffs and body hashes, keyed by content and shared by every pair of
 *   entries with those bodies, so no entry's deletion may remove them: they go 30 days after they were
 *   written (cell contents of confidential workbooks are not kept for ever after their files are
 *   gone). A look after that computes the pair again; a diff that lost a page but not yet its
 *   overview is computed again too (functions/core/compare/workbook-diffs.ts restartWorkbookDiff).
 * - everything else: old versions of model files stay a year (file history shows the live ones).
 */
export const FILES_BUCKET_LIFECYCLE_RULES: LifecycleRule[] = [
  { id: 'AbortIncompleteUploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
  {
    id: 'UnattachedUploads',
    prefix: UPLOADS_PREFIX,
    expiration: Duration.days(2),
    noncurrentVersionExpiration: Duration.days(1),
  },
  {
    id: 'DownloadArchives',
    prefix: DOWNLOADS_PREFIX,
    expiration: Duration.days(1),
    noncurrentVersionExpiration: Duration.days(1),
  },
  {
    id: 'OldCatalogueSnapshots',
    prefix: CATALOG_PREFIX,
    noncurrentVersionExpiration: Duration.days(1),
    noncurrentVersionsToRetain: 3,
  },
  {
    id: 'ComputedDiffs',
    prefix: DIFFS_PREFIX,
    expiration: Duration.days(30),
    noncurrentVersionExpiration: Duration.days(1),
  },
  { id: 'OldFileVersions', noncurrentVersionExpiration: Duration.days(365) },
  { id: 'ExpiredDeleteMarkers', expiredObjectDeleteMarker: true },
];

export class StatefulStack extends Stack {
  readonly table: Table;
  readonly filesBucket: Bucket;
  readonly userPool: UserPool;
  readonly webClient: UserPoolClient;
  readonly hostedUiDomain: UserPoolDomain;
  /** Provider name the web app passes to `signInWithRedirect`, when a federated IdP is configured. */
  readonly identityProviderName?: string;
  readonly mailIdentity?: IEmailIdentity;
  /** The address handlers send from (MAIL_FROM), when `mailFrom` is configured. */
  readonly mailFromAddress?: string;

  constructor(scope: Construct, id: string, props: StatefulStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.table = this.createTable(config);
    const accessLogs = this.createAccessLogBucket();
    this.filesBucket = this.createFilesBucket(accessLogs, config);

    this.userPool = this.createUserPool(config);
    for (const groupName of USER_GROUPS) {
      new UserPoolGroup(this, `Group${groupName}`, { userPool: this.userPool, groupName });
    }
    this.hostedUiDomain = this.userPool.addDomain('HostedUi', {
      cognitoDomain: { domainPrefix: config.hostedUiDomainPrefix },
    });
    const idp = config.idp ? this.createIdentityProvider(config.idp) : undefined;
    this.identityProviderName = config.idp?.name;
    this.webClient = this.createWebClient(config, idp);

    if (config.mailFrom) {
      const isAddress = config.mailFrom.includes('@');
      // An identity verified before (another stack, the console) is used as it is: creating it again
      // fails the deploy.
      this.mailIdentity = config.existingMailIdentity
        ? EmailIdentity.fromEmailIdentityName(this, 'MailIdentity', config.existingMailIdentity)
        : new EmailIdentity(this, 'MailIdentity', {
            identity: isAddress ? Identity.email(config.mailFrom) : Identity.domain(config.mailFrom),
          });
      this.mailFromAddress = isAddress ? config.mailFrom : `no-reply@${config.mailFrom}`;
    }

    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'FilesBucketName', { value: this.filesBucket.bucketName });
    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.webClient.userPoolClientId });
    new CfnOutput(this, 'HostedUiDomain', { value: this.hostedUiDomain.baseUrl() });
  }

  private createTable(config: DeployConfig): Table {
    const [gsi1, gsi2] = TABLE_SCHEMA.globalSecondaryIndexes;
    const table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_SCHEMA.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_SCHEMA.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      encryption: TableEncryption.AWS_MANAGED,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      stream: StreamViewType[TABLE_SCHEMA.streamViewType],
      timeToLiveAttribute: TABLE_SCHEMA.ttlAttribute,
      deletionProtection: config.deletionProtection,
      removalPolicy: DATA_REMOVAL_POLICY,
    });
    for (const gsi of [gsi1, gsi2]) {
      table.addGlobalSecondaryIndex({
        indexName: gsi.indexName,
        partitionKey: { name: gsi.partitionKey, type: AttributeType.STRING },
        sortKey: { name: gsi.sortKey, type: AttributeType.STRING },
      });
    }
    return table;
  }

  private createAccessLogBucket(): Bucket {
    const bucket = new Bucket(this, 'AccessLogs', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ expiration: Duration.days(365) }],
      // Kept even when a failed CREATE rolls back: S3 may have delivered logs into it, and deleting a
      // bucket that holds objects fails the rollback. Its generated name never blocks a retry.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This bucket is the server-access-log target; logging it into itself would loop.',
    });
    return bucket;
  }

  private createFilesBucket(accessLogs: Bucket, config: DeployConfig): Bucket {
    return new Bucket(this, 'Files', {
      bucketName: filesBucketName(this, config.stage),
      versioned: true,
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'files/',
      // Browsers upload and download with presigned URLs straight from the web origin.
      cors: [
        {
          allowedOrigins: [...config.allowedOrigins],
          allowedMethods: [HttpMethods.GET, HttpMethods.PUT, HttpMethods.HEAD],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: FILES_BUCKET_LIFECYCLE_RULES,
      removalPolicy: DATA_REMOVAL_POLICY,
    });
  }

  private createUserPool(config: DeployConfig): UserPool {
    const userPool = new UserPool(this, 'UserPool', {
      // External users register through our own route with a checked registration code and get an
      // account only when an administrator approves them (issue 20 §3): no sign-up in Cognito.
      selfSignUpEnabled: false,
      // The invitation of an approved external person (AdminCreateUser); the local proxy writes the
      // same text to the local outbox. Cognito sends the e-mail body as HTML.
      userInvitation: {
        emailSubject: COGNITO_INVITATION.subject,
        emailBody: COGNITO_INVITATION.body.replaceAll('\n', '<br>'),
      },
      signInAliases: { username: true },
      signInCaseSensitive: false,
      standardAttributes: {
        email: { required: false, mutable: true },
        givenName: { required: false, mutable: true },
        familyName: { required: false, mutable: true },
      },
      // Mutable because federated sign-in rewrites mapped attributes on every login.
      customAttributes: { isid: new StringAttribute({ minLen: 1, maxLen: 64, mutable: true }) },
      passwordPolicy: {
        minLength: 12,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(COGNITO_INVITATION.temporaryPasswordDays),
      },
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      featurePlan: FeaturePlan.PLUS,
      standardThreatProtectionMode: StandardThreatProtectionMode.FULL_FUNCTION,
      deletionProtection: config.deletionProtection,
      removalPolicy: DATA_REMOVAL_POLICY,
    });
    Validations.of(userPool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason:
        'Employees sign in through the corporate IdP, which enforces MFA; for local users TOTP MFA is offered (optional) and threat protection (PLUS, full function) challenges risky sign-ins.',
    });
    return userPool;
  }

  private createIdentityProvider(idp: FederatedIdpConfig): IUserPoolIdentityProvider {
    const attributeMapping = {
      email: ProviderAttribute.other(idp.attributes.email),
      givenName: ProviderAttribute.other(idp.attributes.givenName),
      familyName: ProviderAttribute.other(idp.attributes.familyName),
      // CDK passes custom keys through as written: Cognito wants the full attribute name.
      custom: { 'custom:isid': ProviderAttribute.other(idp.attributes.isid) },
    };
    if (idp.type === 'SAML') {
      return new UserPoolIdentityProviderSaml(this, 'CorporateIdp', {
        userPool: this.userPool,
        name: idp.name,
        metadata: UserPoolIdentityProviderSamlMetadata.url(idp.metadataUrl ?? ''),
        attributeMapping,
      });
    }
    return new UserPoolIdentityProviderOidc(this, 'CorporateIdp', {
      userPool: this.userPool,
      name: idp.name,
      issuerUrl: idp.issuer ?? '',
      clientId: idp.clientId ?? '',
      // A dynamic reference: CloudFormation resolves it at deploy time; the secret never enters the template.
      clientSecret: SecretValue.secretsManager(idp.clientSecretName ?? '').unsafeUnwrap(),
      scopes: ['openid', 'email', 'profile'],
      attributeMapping,
    });
  }

  private createWebClient(config: DeployConfig, idp: IUserPoolIdentityProvider | undefined): UserPoolClient {
    const readable = new ClientAttributes()
      .withStandardAttributes({ email: true, givenName: true, familyName: true })
      .withCustomAttributes('isid');
    // Federated sign-in needs write access to mapped attributes; without an IdP nobody may change them.
    const writable = idp
      ? new ClientAttributes()
          .withStandardAttributes({ email: true, givenName: true, familyName: true })
          .withCustomAttributes('isid')
      : new ClientAttributes();
    const client = this.userPool.addClient('WebClient', {
      generateSecret: false,
      authFlows: { userPassword: true, userSrp: true },
      oAuth: {
        flows: { authorizationCodeGrant: true },
        // No aws.cognito.signin.user.admin: a hosted-UI token cannot rewrite the user's own attributes.
        scopes: [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE],
        callbackUrls: [...config.callbackUrls],
        logoutUrls: [...config.logoutUrls],
      },
      supportedIdentityProviders: [
        UserPoolClientIdentityProvider.COGNITO,
        ...(idp ? [UserPoolClientIdentityProvider.custom(idp.providerName)] : []),
      ],
      readAttributes: readable,
      writeAttributes: writable,
      preventUserExistenceErrors: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.hours(12),
      enableTokenRevocation: true,
    });
    if (idp) client.node.addDependency(idp);
    return client;
  }
}
