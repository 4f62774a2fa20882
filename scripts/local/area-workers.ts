import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SHARE_ENV, Worker } from 'node:worker_threads';
import { AREAS, type AreaName, areaEntries } from '@shared/api/routes';
import type { AreaReply, AreaRequest, AreaWorkerData } from './area-worker';

/**
 * The local cloud's Lambda functions: one worker thread per feature area (shared/api/routes.ts, AREAS),
 * each with its own module graph, as each area is its own function in AWS. Module-scope state (SDK
 * clients, caches such as the caller cache or the catalogue projection) is shared by the routes of one
 * area and never across areas. The gateway, the Step Functions server and the scheduler all invoke
 * areas through here, with the events API Gateway, Step Functions and EventBridge send.
 *
 * A worker starts on its area's first invocation (a cold start) and serves every later one, several at
 * a time (in AWS concurrent requests would start more instances; locally one instance suffices). If it
 * dies (an uncaught exception), its pending invocations fail and the next one starts a new worker.
 */
export interface AreaDefinition {
  trigger: AreaWorkerData['trigger'];
  /** Entry key (route key, task or job name) -> absolute path of the handler module. */
  modules: Record<string, string>;
}

const FUNCTIONS_DIR = join(process.cwd(), 'functions');
const WORKER_FILE = join(import.meta.dirname, 'area-worker.ts');

/** An area as the route table defines it, with its handler modules under functions/. */
export function areaDefinition(area: AreaName): AreaDefinition {
  return {
    trigger: AREAS[area].trigger,
    modules: Object.fromEntries(
      areaEntries(area).map(({ key, handler }) => [key, join(FUNCTIONS_DIR, `${handler}.ts`)]),
    ),
  };
}

interface Instance {
  worker: Worker;
  pending: Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>;
}

export class AreaWorkerPool {
  private readonly instances = new Map<string, Instance>();
  private nextId = 1;

  constructor(private readonly define: (area: string) => AreaDefinition) {}

  /** Invokes an area's function with an event, as Lambda would; resolves with what the handler returns. */
  invoke(area: string, event: unknown, timeoutMs?: number): Promise<unknown> {
    const instance = this.instanceOf(area);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      instance.pending.set(id, { resolve, reject });
      instance.worker.postMessage({ id, event, timeoutMs } satisfies AreaRequest);
    });
  }

  async stop(): Promise<void> {
    const workers = [...this.instances.values()].map((i) => i.worker);
    this.instances.clear();
    await Promise.all(workers.map((w) => w.terminate()));
  }

  private instanceOf(area: string): Instance {
    const instance = this.instances.get(area);
    if (instance) return instance;
    const { trigger, modules } = this.define(area);
    const worker = new Worker(bootstrap(WORKER_FILE), {
      eval: true,
      env: SHARE_ENV,
      execArgv: withoutTsx(process.execArgv),
      workerData: { area, trigger, modules } satisfies AreaWorkerData,
      name: `area ${area}`,
    });
    // The servers keep the process alive, not an idle area.
    worker.unref();
    const created: Instance = { worker, pending: new Map() };
    worker.on('message', (reply: AreaReply) => {
      const waiting = created.pending.get(reply.id);
      if (!waiting) return;
      created.pending.delete(reply.id);
      if ('error' in reply) waiting.reject(Object.assign(new Error(reply.error.message), reply.error));
      else waiting.resolve(reply.result);
    });
    const fail = (error: Error) => {
      if (this.instances.get(area) === created) this.instances.delete(area);
      for (const { reject } of created.pending.values()) reject(error);
      created.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The ${area} area's worker exited (code ${code})`)));
    this.instances.set(area, created);
    return created;
  }
}

/**
 * A worker runs JavaScript: register tsx in it, then import the TypeScript worker module (an `--import
 * tsx` flag alone does not reach a worker's entry module on Node 20).
 */
function bootstrap(file: string): string {
  const url = JSON.stringify(pathToFileURL(file).href);
  return `import('tsx/esm/api').then(({ register }) => { register(); return import(${url}); }).catch((error) => { console.error(error); process.exit(1); });`;
}

/** The parent's Node flags without tsx's own loader flags (the bootstrap registers tsx). */
function withoutTsx(execArgv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const arg = execArgv[i] ?? '';
    const next = execArgv[i + 1] ?? '';
    if (/^--(import|require|loader|experimental-loader)$/.test(arg) && next.includes('tsx')) {
      i++;
      continue;
    }
    if (arg.includes('tsx')) continue;
    kept.push(arg);
  }
  return kept;
}

let shared: AreaWorkerPool | undefined;

/** Invokes an area of the route table in this process's shared pool (gateway, Step Functions, scheduler). */
export function invokeArea(area: AreaName, event: unknown, timeoutMs?: number): Promise<unknown> {
  shared ??= new AreaWorkerPool((name) => areaDefinition(name as AreaName));
  return shared.invoke(area, event, timeoutMs);
}

/** Terminates the shared pool's workers (the next invocation starts them again). */
export async function stopAreaWorkers(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.stop();
}
