import { pathToFileURL } from 'node:url';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import type { User } from '@shared/schemas/user';
import { migrateFileVersions } from '../../functions/core/files/migrate-file-versions';
import { seedAppData } from '../../functions/core/settings/seed-app-data';
import { getUser, putUser } from '../../functions/data/users';
import { cognitoClient } from './cognito-local';
import { type DemoRegistration, seedDemoRegistration } from './demo/registration';
import { readEndpoints, writeEndpoints } from './endpoints';
import { applyHandlerEnv, handlerEnv } from './env';
import { DIRECTORY, PERSONAS, type Persona } from './personas';

/**
 * Seeds the local cloud:
 * 1. every persona in cognito-local (user name = ISID, permanent password, group = user type) and in
 *    DynamoDB (the authoritative user record); the option lists, settings and tour (seedAppData, the
 *    same use case a deploy runs in AWS);
 *    legacy file-version lists are moved into version items (an idempotent migration);
 * 2. with `demo`, once the user records are there, the demo catalogue (scripts/local/demo/), while
 *    cognito-local is still busy with its users.
 * 3. the demo newcomer's registration code (scripts/local/demo/registration.ts), returned for
 *    endpoints.json and the banner: after the catalogue, since the code carries a demo entry.
 * Idempotent: existing users keep their DynamoDB record (an administrator may have changed it),
 * passwords and groups are re-applied; the demo adds only the entries that are missing. A failed
 * demo is reported and the cloud runs without it. Expects the handler environment in process.env.
 */
export async function seed(options: {
  cognitoPort: number;
  userPoolId: string;
  log?: (line: string) => void;
  demo?: boolean;
}): Promise<DemoRegistration | undefined> {
  const log = options.log ?? (() => undefined);
  const cognito = cognitoClient(options.cognitoPort);
  // cognito-local saves its whole JSON file on every write: one user at a time. DynamoDB in parallel.
  const cognitoDone = (async () => {
    for (const persona of PERSONAS) await seedCognitoUser(cognito, options.userPoolId, persona);
    // The directory's employees: in the user pool only, waiting to be enrolled ('Find user').
    for (const person of DIRECTORY) await seedCognitoUser(cognito, options.userPoolId, person);
  })().finally(() => cognito.destroy());
  await Promise.all([
    ...PERSONAS.map(async (persona) => {
      if (!(await getUser(persona.username))) await putUser(userRecord(persona));
    }),
    // The demo starts with usage analytics on, so its events show in the local cloud's log (issue 20
    // §8); tests (no demo) keep the product's default, off.
    seedAppData(options.demo ? { trackingSettings: { enabled: true } } : {}),
    // File versions kept as lists inside file items become items of their own (docs/versions.md).
    migrateFileVersions().then(({ migrated }) => {
      if (migrated > 0) log(`file versions: ${migrated} files migrated to version items`);
    }),
  ]);
  await Promise.all([cognitoDone, options.demo ? seedDemo(log) : undefined]);
  log(`seeded ${PERSONAS.length} personas`);
  return seedDemoRegistration().catch((error: unknown) => {
    log(`demo registration code failed: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  });
}

/** Loaded only when asked for: the workbook library costs the test cloud's start-up nothing. */
async function seedDemo(log: (line: string) => void): Promise<void> {
  try {
    const { DEMO_STEPS, seedDemoCatalogue } = await import('./demo/seed-demo');
    const { DEMO_ENTRIES } = await import('./demo/catalogue');
    // Runs need the Step Functions server, which starts beside the seed: seedDemoRuns runs them later.
    const steps = DEMO_STEPS.filter((s) => s.name !== 'runs');
    const { added, ms } = await seedDemoCatalogue({ log, steps });
    const created = added.entries ?? 0;
    const seconds = (ms / 1000).toFixed(1);
    log(
      created > 0
        ? `demo catalogue: ${created} of ${DEMO_ENTRIES.length} entries created in ${seconds} s`
        : `demo catalogue: all ${DEMO_ENTRIES.length} entries present (${seconds} s)`,
    );
  } catch (error) {
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    log(`demo catalogue failed, the app runs without (part of) it: ${text}`);
  }
}

/**
 * The demo step 'runs' (scripts/local/demo/model-runs.ts): executes the computing demo models once the
 * local cloud (its Step Functions server) is up. Never throws: the cloud runs without the demo runs.
 */
export async function seedDemoRuns(log: (line: string) => void): Promise<void> {
  try {
    const { seedDemoCatalogue } = await import('./demo/seed-demo');
    const { MODEL_RUNS_STEP } = await import('./demo/model-runs');
    await seedDemoCatalogue({ log, steps: [MODEL_RUNS_STEP] });
  } catch (error) {
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    log(`demo runs failed, the app runs without them: ${text}`);
  }
}

async function seedCognitoUser(
  cognito: ReturnType<typeof cognitoClient>,
  userPoolId: string,
  persona: Persona,
): Promise<void> {
  try {
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: persona.username,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: persona.email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'given_name', Value: persona.firstName },
          { Name: 'family_name', Value: persona.lastName },
          { Name: 'custom:isid', Value: persona.username },
        ],
      }),
    );
  } catch (error) {
    if (!(error instanceof UsernameExistsException)) throw error;
  }
  await cognito.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: userPoolId,
      Username: persona.username,
      Password: persona.password,
      Permanent: true,
    }),
  );
  await cognito.send(
    new AdminAddUserToGroupCommand({
      UserPoolId: userPoolId,
      Username: persona.username,
      GroupName: persona.userType,
    }),
  );
}

export function userRecord(persona: Persona): User {
  return {
    id: persona.username,
    firstName: persona.firstName,
    lastName: persona.lastName,
    email: persona.email,
    active: persona.active,
    userType: persona.userType,
    ...(persona.userType === 'EXTERNALUSER'
      ? { status: 'ACTIVE' as const, externalUserType: persona.externalUserType }
      : {}),
    country: 'United States',
    department: persona.userType === 'EXTERNALUSER' ? 'External' : 'Health Economics',
    createdOn: new Date().toISOString(),
    createdBy: 'seed',
  };
}

// `npm run seed [-- --no-demo]`: seeds a running local cloud found through its endpoints.json.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const endpoints = readEndpoints();
  applyHandlerEnv(handlerEnv(endpoints));
  seed({
    cognitoPort: Number(new URL(endpoints.cognito).port),
    userPoolId: endpoints.userPoolId,
    log: console.log,
    demo: !process.argv.includes('--no-demo'),
  })
    .then((registration) => {
      // The fresh code replaces the one the running cloud announced.
      if (registration) {
        writeEndpoints(endpoints.dataDir, { ...endpoints, demo: registration });
        console.log(
          `Self-register as ${registration.registrationEmail} with the code ${registration.registrationCode}`,
        );
      }
      return process.argv.includes('--no-demo') ? undefined : seedDemoRuns(console.log);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
