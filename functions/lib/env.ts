import { ENV_VARS } from '@shared/config/env-vars';
import * as z from 'zod/mini';

/**
 * Configuration, parsed once at cold start. Nothing else in `functions/` reads `process.env`.
 * Values are read lazily per name so a handler that needs no bucket does not fail without one.
 */
const optional = z.pipe(
  z.optional(z.string()),
  z.transform((v) => (v === '' ? undefined : v)),
);

const EnvSchema = z.object({
  // Optional here and required by its getter, so processes without a table (the runner) can start.
  [ENV_VARS.tableName]: optional,
  [ENV_VARS.filesBucket]: optional,
  [ENV_VARS.userPoolId]: optional,
  [ENV_VARS.userPoolClientId]: optional,
  [ENV_VARS.tokenIssuer]: optional,
  [ENV_VARS.jwksUrl]: optional,
  [ENV_VARS.stateMachineArn]: optional,
  [ENV_VARS.wsCallbackUrl]: optional,
  [ENV_VARS.jobsFunctionName]: optional,
  [ENV_VARS.mailFrom]: optional,
  [ENV_VARS.webUrl]: optional,
  [ENV_VARS.appVersion]: optional,
  [ENV_VARS.buildTime]: optional,
  [ENV_VARS.stage]: z._default(z.enum(['aws', 'local']), 'aws'),
  [ENV_VARS.dynamodbEndpoint]: optional,
  [ENV_VARS.s3Endpoint]: optional,
  [ENV_VARS.sfnEndpoint]: optional,
  [ENV_VARS.lambdaEndpoint]: optional,
  [ENV_VARS.mailOutboxDir]: optional,
  [ENV_VARS.sourceControlProvider]: optional,
  [ENV_VARS.bitbucketBaseUrl]: optional,
  [ENV_VARS.bitbucketTokenSecret]: optional,
  [ENV_VARS.sourceControlGitRoot]: optional,
});

type ParsedEnv = z.infer<typeof EnvSchema>;

let parsed: ParsedEnv | undefined;

function load(): ParsedEnv {
  if (!parsed) {
    const result = EnvSchema.safeParse(process.env);
    if (!result.success) {
      throw new Error(`Invalid environment: ${result.error.issues.map((i) => i.path.join('.')).join(', ')}`);
    }
    parsed = result.data;
  }
  return parsed;
}

function required(name: keyof ParsedEnv): string {
  const value = load()[name];
  if (!value) throw new Error(`Environment variable ${name} is not set`);
  return value;
}

export const env = {
  get tableName() {
    return required(ENV_VARS.tableName);
  },
  get filesBucket() {
    return required(ENV_VARS.filesBucket);
  },
  get userPoolId() {
    return required(ENV_VARS.userPoolId);
  },
  get userPoolClientId() {
    return required(ENV_VARS.userPoolClientId);
  },
  get tokenIssuer() {
    return required(ENV_VARS.tokenIssuer);
  },
  get jwksUrl() {
    return load()[ENV_VARS.jwksUrl] ?? `${required(ENV_VARS.tokenIssuer)}/.well-known/jwks.json`;
  },
  get stateMachineArn() {
    return required(ENV_VARS.stateMachineArn);
  },
  get wsCallbackUrl() {
    return required(ENV_VARS.wsCallbackUrl);
  },
  get jobsFunctionName() {
    return required(ENV_VARS.jobsFunctionName);
  },
  get mailFrom() {
    return load()[ENV_VARS.mailFrom] ?? 'no-reply@model-repository.local';
  },
  get webUrl() {
    return load()[ENV_VARS.webUrl] ?? 'http://127.0.0.1:5173';
  },
  get appVersion() {
    return load()[ENV_VARS.appVersion] ?? '0.0.0-dev';
  },
  get buildTime() {
    return load()[ENV_VARS.buildTime] ?? new Date(0).toISOString();
  },
  get stage() {
    return load()[ENV_VARS.stage];
  },
  /**
   * The local cloud's emulator endpoints (local only). In AWS they are unset and the SDK clients
   * resolve their endpoints themselves, AWS_ENDPOINT_URL and AWS_ENDPOINT_URL_<SERVICE> included.
   */
  get dynamodbEndpoint() {
    return load()[ENV_VARS.dynamodbEndpoint];
  },
  /** s3rver's, addressed path-style. */
  get s3Endpoint() {
    return load()[ENV_VARS.s3Endpoint];
  },
  get sfnEndpoint() {
    return load()[ENV_VARS.sfnEndpoint];
  },
  /** The local gateway's Lambda Invoke API. */
  get lambdaEndpoint() {
    return load()[ENV_VARS.lambdaEndpoint];
  },
  get mailOutboxDir() {
    return load()[ENV_VARS.mailOutboxDir];
  },
  /** 'bitbucket' or 'git'; unset: this deployment has no source control (the routes answer 503). */
  get sourceControlProvider() {
    return load()[ENV_VARS.sourceControlProvider];
  },
  get bitbucketBaseUrl() {
    return required(ENV_VARS.bitbucketBaseUrl);
  },
  /** Name or ARN of the secret holding the Bitbucket token. */
  get bitbucketTokenSecret() {
    return required(ENV_VARS.bitbucketTokenSecret);
  },
  get sourceControlGitRoot() {
    return required(ENV_VARS.sourceControlGitRoot);
  },
};

export type RunnerEnv = {
  runId: string;
  jobKey: string;
  /** This run's access token (Prepare made it; functions/core/runs/run-access.ts). */
  accessToken: string;
  /** The function that turns the token into presigned URLs for this run (the runaccess area). */
  accessFunctionName: string;
  /** What the image calls itself (its Dockerfile sets it); locally the local Step Functions does. */
  runnerImage: string | undefined;
  /** Fargate's task metadata endpoint, which names the image and its digest. */
  taskMetadataUri: string | undefined;
};

/**
 * Variables of the model runner container, set per task by the state machine's container overrides
 * (names fixed in cdk/state-machine/run-model.asl.json); locally the same names reach the child process.
 * The schema is built here, not at module scope: every Lambda bundle imports this module and would
 * build it at each cold start, while only the runner, once, reads these.
 */
export function runnerEnv(): RunnerEnv {
  const result = z
    .object({
      RUN_ID: z.string().check(z.minLength(1)),
      RUN_JOB_KEY: z.string().check(z.minLength(1)),
      RUN_ACCESS_TOKEN: z.string().check(z.minLength(1)),
      RUN_ACCESS_FUNCTION_NAME: z.string().check(z.minLength(1)),
      MR_RUNNER_IMAGE: optional,
      ECS_CONTAINER_METADATA_URI_V4: optional,
    })
    .safeParse(process.env);
  if (!result.success) {
    throw new Error(
      `Invalid runner environment: ${result.error.issues.map((i) => i.path.join('.')).join(', ')}`,
    );
  }
  return {
    runId: result.data.RUN_ID,
    jobKey: result.data.RUN_JOB_KEY,
    accessToken: result.data.RUN_ACCESS_TOKEN,
    accessFunctionName: result.data.RUN_ACCESS_FUNCTION_NAME,
    runnerImage: result.data.MR_RUNNER_IMAGE,
    taskMetadataUri: result.data.ECS_CONTAINER_METADATA_URI_V4,
  };
}

export type ModelSandboxEnv = {
  /**
   * `bwrap` (the default): each model runs inside bubblewrap. `container`: the runner images set it
   * (functions/runner/docker/*), where bubblewrap cannot create namespaces and the container is the
   * boundary; the model still runs as the image's unprivileged `model` user.
   */
  mode: 'bwrap' | 'container';
  /** A developer's opt-out where bubblewrap cannot run: models then run without the sandbox. */
  unsafeWithoutSandbox: boolean;
};

/**
 * How the runner isolates a model (functions/runner/sandbox.ts). Read by `runModel` itself, so the CLI
 * and the runner tests, which have no RUN_ID, get the same sandbox as the pipeline.
 */
export function modelSandboxEnv(): ModelSandboxEnv {
  const result = z
    .object({
      MR_SANDBOX: z._default(z.enum(['bwrap', 'container']), 'bwrap'),
      MR_UNSAFE_RUN_MODELS_WITHOUT_SANDBOX: optional,
    })
    .safeParse(process.env);
  if (!result.success) {
    throw new Error(`Invalid runner environment: MR_SANDBOX must be 'bwrap' or 'container'`);
  }
  const optOut = result.data.MR_UNSAFE_RUN_MODELS_WITHOUT_SANDBOX;
  return {
    mode: result.data.MR_SANDBOX,
    unsafeWithoutSandbox: optOut !== undefined && !['0', 'false', 'no'].includes(optOut.toLowerCase()),
  };
}

/** For tests that change process.env between cases. */
export function resetEnvForTests(): void {
  parsed = undefined;
}
