/**
 * The local cloud: `npm start` (via start.sh) or `tsx scripts/local/start.ts [--test] [--no-web]
 * [--demo|--no-demo] [--data-dir DIR]`. Brings up, on 127.0.0.1, DynamoDB Local, s3rver,
 * cognito-local, the local API Gateway (HTTP + WebSocket), the local Step Functions API and the web
 * app, seeds the personas and (except with --test) the demo catalogue, and writes
 * `<dataDir>/endpoints.json` last. See docs/local-cloud.md.
 */

import { appendFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SCHEDULED_JOBS } from '@shared/api/routes';
import { LOCAL_FILES_BUCKET, LOCAL_REGION, TABLE_SCHEMA } from '@shared/config/table-schema';
import { ensureUserPool, startCognitoLocal } from './cognito-local';
import { startCognitoProxy } from './cognito-proxy';
import { ensureTable, startDynamoDbLocal } from './dynamodb-local';
import {
  DEFAULT_DATA_DIR,
  type LocalEndpoints,
  liveOwner,
  removeEndpoints,
  TEST_DATA_DIR,
  writeEndpoints,
  writeJsonAtomically,
} from './endpoints';
import { applyHandlerEnv, handlerEnv } from './env';
import { startGateway } from './gateway';
import { PERSONAS, personaByKey } from './personas';
import { assertPortsFree, PortInUseError, type Ports, resolvePorts, TEST_PORT_OFFSET } from './ports';
import { type ManagedChild, spawnManaged, waitUntil } from './processes';
import { bundleRunner } from './runner-bundle';
import { startS3 } from './s3-local';
import { startScheduler } from './scheduler';
import { seed, seedDemoRuns } from './seed';
import { startSfnServer, stateMachineArn } from './sfn-server';
import { publishWebSourceMaps } from './web-source-maps';

const HOST = '127.0.0.1';
/** What `--test` wipes: the emulators' data, never anything else that might sit in the folder. */
const DATA_SUBDIRS = ['dynamodb', 's3', 'cognito', 'outbox', 'logs', 'sfn'];

interface Args {
  test: boolean;
  web: boolean;
  dataDir: string;
  /** Seed the demo catalogue: by default, except with --test (the tests bring their own data). */
  demo: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { test: false, web: true, dataDir: '', demo: true };
  let demo: boolean | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--test') args.test = true;
    else if (arg === '--no-web') args.web = false;
    else if (arg === '--demo') demo = true;
    else if (arg === '--no-demo') demo = false;
    else if (arg === '--data-dir') args.dataDir = argv[++i] ?? '';
    else if (arg?.startsWith('--data-dir=')) args.dataDir = arg.slice('--data-dir='.length);
    else
      throw new Error(
        `Unknown argument '${arg}'. Usage: start.ts [--test] [--no-web] [--demo|--no-demo] [--data-dir DIR]`,
      );
  }
  args.demo = demo ?? !args.test;
  args.dataDir = resolve(
    args.dataDir || (args.test ? TEST_DATA_DIR : process.env.MR_LOCAL_DIR || DEFAULT_DATA_DIR),
  );
  return args;
}

type Stopper = { name: string; stop: () => Promise<void> };

async function main(): Promise<void> {
  const startedAt = Date.now();
  // The SDK's notice about Node 22 is noise here (Lambda runs nodejs22.x).
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const args = parseArgs(process.argv.slice(2));
  const ports = resolvePorts(process.env, args.test ? TEST_PORT_OFFSET : 0);
  const { dataDir } = args;
  const logDir = join(dataDir, 'logs');
  const stoppers: Stopper[] = [];
  let stopping = false;

  const logFile = join(logDir, 'local-cloud.log');
  const log = (line: string) => {
    appendFileSync(logFile, `${new Date().toISOString()} ${line}\n`);
    if (!args.test) console.log(`[local] ${line}`);
  };

  async function shutdown(code: number): Promise<never> {
    if (stopping) process.exit(code);
    stopping = true;
    removeEndpoints(dataDir);
    for (const s of stoppers.reverse()) {
      await s
        .stop()
        .catch((error: unknown) => console.error(`[local] stopping ${s.name} failed: ${String(error)}`));
    }
    process.exit(code);
  }
  // Whatever ends this process, a stale endpoints.json must not announce a cloud that is gone.
  process.on('exit', () => removeEndpoints(dataDir));
  // A handler's stray promise must not take the whole local cloud down; Lambda would only fail that call.
  process.on('unhandledRejection', (reason) => {
    const text = reason instanceof Error ? (reason.stack ?? reason.message) : String(reason);
    console.error(`[local] unhandled rejection: ${text}`);
    if (existsSync(logDir)) log(`unhandled rejection: ${text}`);
  });
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  process.on('SIGHUP', () => void shutdown(0));

  try {
    // 1. Ports first, so a clash is reported by name before anything starts.
    const needed = { ...ports } as Partial<Ports>;
    if (!args.web) delete needed.WEB;
    await assertPortsFree(needed as Ports);

    // Two emulators on one data folder would corrupt it (and --test would wipe a live cloud's data).
    const owner = liveOwner(dataDir);
    if (owner !== undefined) {
      throw new Error(
        `Another local cloud (pid ${owner}) is using ${dataDir}: stop it first, or pass --data-dir.`,
      );
    }
    if (args.test)
      for (const sub of DATA_SUBDIRS) rmSync(join(dataDir, sub), { recursive: true, force: true });
    mkdirSync(logDir, { recursive: true });
    mkdirSync(join(dataDir, 'outbox'), { recursive: true });
    log(`starting in ${dataDir}`);

    // 2. Emulators: the two child processes start in parallel, s3rver runs in this process.
    const web = `http://${HOST}:${ports.WEB}`;
    const [dynamodb, cognito] = await Promise.all([
      startDynamoDbLocal({ port: ports.DYNAMODB, dataDir, logDir }).then(track('DynamoDB Local')),
      startCognitoLocal({ port: ports.COGNITO_EMULATOR, publicPort: ports.COGNITO, dataDir, logDir }).then(
        track('cognito-local'),
      ),
      startCognitoProxy({
        host: HOST,
        port: ports.COGNITO,
        upstreamPort: ports.COGNITO_EMULATOR,
        outboxDir: join(dataDir, 'outbox'),
        stateFile: join(dataDir, 'cognito', 'temporary-passwords.json'),
      }).then((proxy) => {
        stoppers.push({
          name: 'cognito proxy',
          stop: () =>
            new Promise<void>((r) => {
              proxy.closeAllConnections();
              proxy.close(() => r());
            }),
        });
      }),
      startS3({ port: ports.S3, dataDir, bucket: LOCAL_FILES_BUCKET, webOrigins: webOrigins(ports) }).then(
        (s3) => {
          stoppers.push({ name: 's3rver', stop: s3.stop });
        },
      ),
    ]);
    log(`emulators up after ${Date.now() - startedAt} ms`);
    watchChild(dynamodb, 'DynamoDB Local');
    watchChild(cognito, 'cognito-local');

    const [ids] = await Promise.all([
      ensureUserPool(ports.COGNITO, dataDir),
      ensureTable(ports.DYNAMODB, TABLE_SCHEMA.localTableName),
    ]);
    const cognitoUrl = `http://${HOST}:${ports.COGNITO}`;
    const tokenIssuer = `${cognitoUrl}/${ids.userPoolId}`;
    const endpoints: LocalEndpoints = {
      stage: 'local',
      region: LOCAL_REGION,
      web,
      api: `http://${HOST}:${ports.API}`,
      ws: `ws://${HOST}:${ports.WS}`,
      wsCallback: `http://${HOST}:${ports.API}`,
      dynamodb: `http://${HOST}:${ports.DYNAMODB}`,
      s3: `http://${HOST}:${ports.S3}`,
      sfn: `http://${HOST}:${ports.SFN}`,
      cognito: cognitoUrl,
      outbox: `http://${HOST}:${ports.API}/__local/outbox`,
      tableName: TABLE_SCHEMA.localTableName,
      filesBucket: LOCAL_FILES_BUCKET,
      userPoolId: ids.userPoolId,
      userPoolClientId: ids.userPoolClientId,
      tokenIssuer,
      jwksUrl: `${tokenIssuer}/.well-known/jwks.json`,
      stateMachineArn: stateMachineArn(LOCAL_REGION),
      personas: [...PERSONAS],
      dataDir,
      pid: process.pid,
    };

    // 3. Handlers run in this process (gateway, workflow tasks, seeding) with the Lambda environment.
    const env = handlerEnv(endpoints);
    applyHandlerEnv(env);
    log(`pool and table ready after ${Date.now() - startedAt} ms`);
    // The test cloud's runners start from a bundle (runner-bundle.ts says why); about 0.4 s here.
    const runnerBundle = args.test ? await bundleRunner(join(dataDir, 'runner-bundle')) : undefined;
    // Seeding and the in-process servers start together; the gateway only answers once ready is announced.
    await Promise.all([
      seed({ cognitoPort: ports.COGNITO, userPoolId: ids.userPoolId, log, demo: args.demo }).then(
        (registration) => {
          if (registration) endpoints.demo = registration;
          log(`seeded after ${Date.now() - startedAt} ms`);
        },
      ),
      startGateway({
        host: HOST,
        apiPort: ports.API,
        wsPort: ports.WS,
        issuer: tokenIssuer,
        jwksUrl: endpoints.jwksUrl,
        audience: ids.userPoolClientId,
        allowOrigins: webOrigins(ports),
        outboxDir: join(dataDir, 'outbox'),
        analyticsFile: join(logDir, 'analytics.jsonl'),
        log,
      }).then((g) => stoppers.push({ name: 'gateway', stop: g.stop })),
      startSfnServer({
        host: HOST,
        port: ports.SFN,
        region: LOCAL_REGION,
        dataDir,
        logDir,
        handlerEnv: env,
        ...(runnerBundle ? { runnerBundle } : {}),
        ...(Number(process.env.MR_LOCAL_RUNNERS) > 0
          ? { runnerSlots: Number(process.env.MR_LOCAL_RUNNERS) }
          : {}),
        log,
      }).then((s) => stoppers.push({ name: 'Step Functions server', stop: s.stop })),
    ]);

    // 4. The web app reads /config.json at start.
    if (args.web) {
      const preview = args.test && existsSync(join('web', 'dist', 'index.html'));
      writeWebConfig(endpoints, preview);
      if (preview)
        log(`${await publishWebSourceMaps(join('web', 'dist'))} web source maps in the files bucket`);
      const vite = await startWeb(ports.WEB, preview, logDir);
      if (vite) {
        stoppers.push({ name: 'web', stop: () => vite.stop() });
        watchChild(vite, 'the web server');
      }
    } else if (process.env.MR_SKIP_WEB_CONFIG !== '1') {
      // For a web server started separately. MR_SKIP_WEB_CONFIG=1 leaves web/public/config.json to
      // another cloud whose web app runs from the same checkout.
      writeWebConfig(endpoints, false);
    }

    // 5. Scheduled jobs (catalogue compaction), once now and then on their schedule.
    const scheduler = startScheduler(SCHEDULED_JOBS, log);
    stoppers.push({ name: 'scheduler', stop: async () => scheduler.stop() });

    // 6. Ready: endpoints.json last.
    writeEndpoints(dataDir, endpoints);
    const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
    log(`ready in ${seconds} s`);
    if (args.test) console.log(`[local] ready in ${seconds} s: ${join(dataDir, 'endpoints.json')}`);
    else printBanner(endpoints, args.web, seconds);
    // The demo's model runs need the Step Functions server: now, in the background, never blocking.
    if (args.demo) void seedDemoRuns(log);
  } catch (error) {
    if (error instanceof PortInUseError) console.error(`[local] ${error.message}`);
    else
      console.error('[local] start failed:', error instanceof Error ? (error.stack ?? error.message) : error);
    await shutdown(1);
  }

  function track(name: string) {
    return (child: ManagedChild) => {
      log(`${name} up after ${Date.now() - startedAt} ms`);
      stoppers.push({ name, stop: () => child.stop() });
      return child;
    };
  }

  /** An emulator that dies takes the whole local cloud down, instead of leaving it half-alive. */
  function watchChild(child: ManagedChild, name: string): void {
    void child.exited.then((code) => {
      if (stopping) return;
      console.error(`[local] ${name} exited unexpectedly (${String(code)}); see ${logDir}. Stopping.`);
      void shutdown(1);
    });
  }
}

function webOrigins(ports: Ports): string[] {
  return [`http://${HOST}:${ports.WEB}`, `http://localhost:${ports.WEB}`];
}

/** The runtime configuration of the SPA (shape in docs/development.md). */
function writeWebConfig(endpoints: LocalEndpoints, preview: boolean): void {
  const employee = personaByKey('employee');
  const config = {
    stage: endpoints.stage,
    region: endpoints.region,
    apiUrl: endpoints.api,
    wsUrl: endpoints.ws,
    userPoolId: endpoints.userPoolId,
    userPoolClientId: endpoints.userPoolClientId,
    userPoolEndpoint: endpoints.cognito,
    localEmployee: {
      username: employee.username,
      password: employee.password,
      name: `${employee.firstName} ${employee.lastName}`,
    },
    outboxUrl: endpoints.outbox,
    // Usage analytics go to the local cloud's log (scripts/local/gateway.ts) instead of CloudWatch RUM.
    analyticsLogUrl: new URL('/__local/analytics', endpoints.outbox).href,
  };
  writeJsonAtomically(join('web', 'public', 'config.json'), config);
  // `vite preview` serves the build, which holds the config.json copied at build time: refresh it.
  if (preview) writeJsonAtomically(join('web', 'dist', 'config.json'), config);
}

async function startWeb(port: number, preview: boolean, logDir: string): Promise<ManagedChild | undefined> {
  const viteConfig = join('web', 'vite.config.ts');
  if (!existsSync(viteConfig)) {
    console.warn(`[local] ${viteConfig} not found: the web app is not started`);
    return undefined;
  }
  const logFile = join(logDir, 'web.log');
  const vite = spawnManaged({
    name: 'web',
    command: process.execPath,
    args: [
      join('node_modules', 'vite', 'bin', 'vite.js'),
      ...(preview ? ['preview'] : []),
      '--config',
      viteConfig,
      '--host',
      HOST,
      '--port',
      String(port),
      '--strictPort',
    ],
    env: { ...process.env, BROWSER: 'none' },
    logFile,
  });
  await waitUntil('the web server', async () => (await fetch(`http://${HOST}:${port}/`)).status < 500, {
    timeoutMs: 60_000,
    intervalMs: 200,
    logFile,
    exited: vite.exited,
  });
  return vite;
}

function printBanner(e: LocalEndpoints, web: boolean, seconds: string): void {
  const rows = e.personas.map((p) => {
    const type =
      p.userType + (p.externalUserType ? ` (${p.externalUserType})` : '') + (p.active ? '' : ', inactive');
    return `  ${p.username.padEnd(10)} ${p.password.padEnd(12)} ${`${p.firstName} ${p.lastName}`.padEnd(16)} ${type.padEnd(26)} ${p.description}`;
  });
  console.log(
    [
      '',
      `Model Repository local cloud is ready (${seconds} s).`,
      '',
      `  Web app   ${web ? e.web : '(not started: --no-web)'}`,
      `  API       ${e.api}/v2`,
      `  WebSocket ${e.ws}`,
      `  Outbox    ${e.outbox}`,
      `  Data      ${e.dataDir} (endpoints.json, logs/)`,
      '',
      ...(e.demo
        ? [
            'Self-register at /registration (local only, valid for a week):',
            `  e-mail ${e.demo.registrationEmail}   registration code ${e.demo.registrationCode}`,
            '',
          ]
        : []),
      'Sign in as (local only):',
      `  ${'user'.padEnd(10)} ${'password'.padEnd(12)} ${'name'.padEnd(16)} ${'type'.padEnd(26)} purpose`,
      ...rows,
      '',
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
}

void main();
