import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  GroupExistsException,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { UserTypeSchema } from '@shared/schemas/user';
import { type ManagedChild, spawnManaged, waitUntil } from './processes';

export const USER_POOL_NAME = 'model-repository';
export const USER_POOL_CLIENT_NAME = 'model-repository-web';

export interface CognitoIds {
  userPoolId: string;
  userPoolClientId: string;
}

/**
 * cognito-local as a child process. Its working directory is `<dataDir>/cognito`, so its database
 * (`.cognito/db/*.json`) and config live there and survive a restart.
 */
export async function startCognitoLocal(options: {
  port: number;
  /** The port clients use (the proxy in front of cognito-local): token issuers name it. */
  publicPort: number;
  dataDir: string;
  logDir: string;
}): Promise<ManagedChild> {
  const cwd = join(options.dataDir, 'cognito');
  mkdirSync(join(cwd, '.cognito'), { recursive: true });
  const config = {
    ServerConfig: { hostname: '127.0.0.1', port: options.port },
    TokenConfig: { IssuerDomain: `http://127.0.0.1:${options.publicPort}` },
    // Our user names are ISIDs, not e-mail addresses (cognito-local defaults to e-mail user names).
    UserPoolDefaults: { UsernameAttributes: [] },
  };
  writeFileSync(join(cwd, '.cognito', 'config.json'), `${JSON.stringify(config, null, 2)}\n`);
  const logFile = join(options.logDir, 'cognito.log');
  const child = spawnManaged({
    name: 'cognito',
    command: process.execPath,
    args: [join(process.cwd(), 'node_modules', 'cognito-local', 'lib', 'bin', 'start.js')],
    cwd,
    env: { ...process.env, NO_COLOR: '1' },
    logFile,
  });
  const client = cognitoClient(options.port, 1);
  await waitUntil(
    'cognito-local',
    async () => {
      await client.send(new ListUserPoolsCommand({ MaxResults: 1 }));
      return true;
    },
    { timeoutMs: 30_000, intervalMs: 150, logFile, exited: child.exited },
  );
  client.destroy();
  return child;
}

export function cognitoClient(port: number, maxAttempts?: number): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    ...(maxAttempts ? { maxAttempts } : {}),
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
}

/**
 * Creates the user pool, its groups and the web client once; the ids are kept in a small state file
 * next to cognito-local's database so that a restart reuses them (tokens and config stay valid).
 */
export async function ensureUserPool(port: number, dataDir: string): Promise<CognitoIds> {
  const stateFile = join(dataDir, 'cognito', 'ids.json');
  const client = cognitoClient(port);
  try {
    const known = readIds(stateFile);
    if (known && (await exists(client, known))) return known;

    const { UserPool } = await client.send(
      new CreateUserPoolCommand({
        PoolName: USER_POOL_NAME,
        Schema: [{ Name: 'isid', AttributeDataType: 'String', Mutable: true }],
        AutoVerifiedAttributes: ['email'],
      }),
    );
    const userPoolId = UserPool?.Id;
    if (!userPoolId) throw new Error('cognito-local did not return a user pool id');
    for (const group of UserTypeSchema.options) {
      try {
        await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: group }));
      } catch (error) {
        if (!(error instanceof GroupExistsException)) throw error;
      }
    }
    const { UserPoolClient } = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: USER_POOL_CLIENT_NAME,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        // Same lifetimes as Cognito's defaults in AWS: the session-expiry dialog depends on them.
        IdTokenValidity: 60,
        AccessTokenValidity: 60,
        RefreshTokenValidity: 30,
        TokenValidityUnits: { IdToken: 'minutes', AccessToken: 'minutes', RefreshToken: 'days' },
      }),
    );
    const userPoolClientId = UserPoolClient?.ClientId;
    if (!userPoolClientId) throw new Error('cognito-local did not return a client id');
    const ids = { userPoolId, userPoolClientId };
    writeFileSync(stateFile, `${JSON.stringify(ids, null, 2)}\n`);
    return ids;
  } finally {
    client.destroy();
  }
}

function readIds(file: string): CognitoIds | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const ids = JSON.parse(readFileSync(file, 'utf8')) as Partial<CognitoIds>;
    return ids.userPoolId && ids.userPoolClientId
      ? { userPoolId: ids.userPoolId, userPoolClientId: ids.userPoolClientId }
      : undefined;
  } catch {
    return undefined;
  }
}

async function exists(client: CognitoIdentityProviderClient, ids: CognitoIds): Promise<boolean> {
  try {
    await client.send(new DescribeUserPoolCommand({ UserPoolId: ids.userPoolId }));
    await client.send(
      new DescribeUserPoolClientCommand({ UserPoolId: ids.userPoolId, ClientId: ids.userPoolClientId }),
    );
    return true;
  } catch {
    return false;
  }
}
