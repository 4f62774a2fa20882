/**
 * `npm run bootstrap:admin -- --email alice@example.com [--isid alice] [--first-name Alice]
 * [--last-name Admin] [--stage dev] [--region eu-west-1] [--sso] [--endpoints FILE]`
 *
 * Creates the first super user of a deployment (docs/deploy.md, "The first super user"). A fresh
 * stack has no user records, so every sign-in answers 403 until somebody may approve others.
 * 1. Find the stateful stack's table and user pool: its CloudFormation outputs
 *    (`<stage>-ModelRepository-Stateful`), or a local cloud's endpoints.json with `--endpoints`.
 * 2. Unless `--sso` (employees who sign in through the corporate IdP have no pool user of their
 *    own until their first sign-in), create the pool user: Cognito e-mails a temporary password
 *    (locally it is printed), and put it in the SUPERUSER group.
 * 3. Create or promote the user record (functions/core/users/bootstrap-super-user.ts). Idempotent.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  CognitoIdentityProviderClient,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { ENV_VARS } from '@shared/config/env-vars';
import { isWholeEmail } from '@shared/rules/user-search';
import { IsidSchema } from '@shared/schemas/user';
import { cognitoClient } from '../local/cognito-local';
import { readEndpoints } from '../local/endpoints';
import { applyHandlerEnv, handlerEnv } from '../local/env';

export interface BootstrapArgs {
  email: string;
  isid: string;
  firstName: string;
  lastName: string;
  stage: string;
  region?: string;
  sso: boolean;
  endpoints?: string;
}

export function parseBootstrapArgs(argv: string[]): BootstrapArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      email: { type: 'string' },
      isid: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      stage: { type: 'string', default: 'dev' },
      region: { type: 'string' },
      sso: { type: 'boolean', default: false },
      endpoints: { type: 'string' },
    },
  });
  const email = values.email?.trim();
  if (!email || !isWholeEmail(email)) {
    throw new Error('--email is required and must be an e-mail address');
  }
  const localPart = email.split('@')[0] ?? '';
  const isid = values.isid ?? localPart;
  const parsedIsid = IsidSchema.safeParse(isid);
  if (!parsedIsid.success) throw new Error(`--isid '${isid}': ${parsedIsid.error.issues[0]?.message}`);
  const [first, ...rest] = localPart.split(/[._-]+/);
  const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  return {
    email,
    isid,
    firstName: values['first-name'] ?? capital(first ?? isid),
    lastName: values['last-name'] ?? (rest.length > 0 ? rest.map(capital).join(' ') : 'Administrator'),
    stage: values.stage ?? 'dev',
    region: values.region,
    sso: values.sso ?? false,
    endpoints: values.endpoints,
  };
}

interface Target {
  userPoolId: string;
  cognito: CognitoIdentityProviderClient;
  local: boolean;
}

/** Points the data layer at the deployment and returns how to reach its user pool. */
async function locate(args: BootstrapArgs): Promise<Target> {
  if (args.endpoints) {
    const endpoints = readEndpoints(args.endpoints);
    applyHandlerEnv(handlerEnv(endpoints));
    return {
      userPoolId: endpoints.userPoolId,
      cognito: cognitoClient(Number(new URL(endpoints.cognito).port)),
      local: true,
    };
  }
  const stackName = `${args.stage}-ModelRepository-Stateful`;
  const cloudFormation = new CloudFormationClient(args.region ? { region: args.region } : {});
  const { Stacks } = await cloudFormation.send(new DescribeStacksCommand({ StackName: stackName }));
  const outputs = new Map((Stacks?.[0]?.Outputs ?? []).map((o) => [o.OutputKey, o.OutputValue]));
  const tableName = outputs.get('TableName');
  const userPoolId = outputs.get('UserPoolId');
  if (!tableName || !userPoolId) throw new Error(`${stackName} has no TableName/UserPoolId outputs`);
  process.env[ENV_VARS.tableName] = tableName;
  process.env[ENV_VARS.stage] = 'aws';
  if (args.region) process.env.AWS_REGION = args.region;
  return {
    userPoolId,
    cognito: new CognitoIdentityProviderClient(args.region ? { region: args.region } : {}),
    local: false,
  };
}

export async function bootstrapAdmin(args: BootstrapArgs, log: (line: string) => void): Promise<void> {
  const target = await locate(args);
  try {
    if (!args.sso) await createPoolUser(args, target, log);
    // Imported after the environment is set: the data layer reads its configuration once.
    const { bootstrapSuperUser } = await import('../../functions/core/users/bootstrap-super-user');
    const outcome = await bootstrapSuperUser({
      id: args.isid,
      email: args.email,
      firstName: args.firstName,
      lastName: args.lastName,
    });
    log(
      {
        created: `${args.isid} is now a super user.`,
        promoted: `${args.isid} existed and is now an active super user.`,
        unchanged: `${args.isid} was already an active super user; nothing changed.`,
      }[outcome],
    );
  } finally {
    target.cognito.destroy();
  }
}

async function createPoolUser(args: BootstrapArgs, target: Target, log: (line: string) => void) {
  // Locally nothing can deliver the invitation, so a known temporary password is set and printed.
  const temporaryPassword = target.local ? 'Bootstrap-Local-1!' : undefined;
  try {
    await target.cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: target.userPoolId,
        Username: args.isid,
        UserAttributes: [
          { Name: 'email', Value: args.email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'given_name', Value: args.firstName },
          { Name: 'family_name', Value: args.lastName },
          { Name: 'custom:isid', Value: args.isid },
        ],
        ...(temporaryPassword
          ? { TemporaryPassword: temporaryPassword, MessageAction: 'SUPPRESS' as const }
          : { DesiredDeliveryMediums: ['EMAIL' as const] }),
      }),
    );
    log(
      temporaryPassword
        ? `Created pool user ${args.isid} with the temporary password ${temporaryPassword}.`
        : `Created pool user ${args.isid}: Cognito e-mailed a temporary password to ${args.email}.`,
    );
  } catch (error) {
    if (!(error instanceof UsernameExistsException)) throw error;
    log(`Pool user ${args.isid} exists already; kept as it is.`);
  }
  await target.cognito.send(
    new AdminAddUserToGroupCommand({
      UserPoolId: target.userPoolId,
      Username: args.isid,
      GroupName: 'SUPERUSER',
    }),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  try {
    await bootstrapAdmin(parseBootstrapArgs(process.argv.slice(2)), console.log);
  } catch (error) {
    console.error(`bootstrap:admin failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
