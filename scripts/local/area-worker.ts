import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import type { AreaTrigger } from '@shared/api/routes';
import { areaHandler, type EntryLoader } from '../../functions/areas/area-handler';
import { lambdaContext } from './lambda-context';

/**
 * One area "instance" of the local cloud, in its own worker thread (scripts/local/area-workers.ts):
 * the area's dispatcher (the same functions/areas/area-handler.ts the bundle's generated entry uses)
 * with a dispatch map of the handler modules' files, imported here, in this thread's own module graph.
 */
export interface AreaWorkerData {
  area: string;
  trigger: AreaTrigger;
  /** Entry key -> absolute path of the handler module (a .ts file). */
  modules: Record<string, string>;
}

export interface AreaRequest {
  id: number;
  event: unknown;
  timeoutMs?: number;
}

export type AreaReply =
  | { id: number; result: unknown }
  | { id: number; error: { name: string; message: string; stack?: string } };

const { area, trigger, modules } = workerData as AreaWorkerData;

const entries: Record<string, EntryLoader> = {};
for (const [key, file] of Object.entries(modules)) {
  entries[key] = async () => {
    if (!existsSync(file)) throw new Error(`Handler module ${file} does not exist`);
    return (await import(pathToFileURL(file).href)) as { handler?: unknown };
  };
}
const handler = areaHandler(area, trigger, entries);

// A handler's stray promise must not end the instance; Lambda would only fail that call.
process.on('unhandledRejection', (reason) => {
  console.error(`[${area}] unhandled rejection: ${reason instanceof Error ? reason.stack : String(reason)}`);
});

parentPort?.on('message', (request: AreaRequest) => {
  handler(request.event, lambdaContext(area, request.timeoutMs)).then(
    (result) => reply({ id: request.id, result }),
    (error: unknown) => {
      const e = error instanceof Error ? error : new Error(String(error));
      reply({ id: request.id, error: { name: e.name, message: e.message, stack: e.stack } });
    },
  );
});

function reply(message: AreaReply): void {
  try {
    parentPort?.postMessage(message);
  } catch (error) {
    // A result that cannot be cloned (a function, a class instance with a symbol...) is a handler bug.
    parentPort?.postMessage({
      id: message.id,
      error: { name: 'DataCloneError', message: `The result of ${area} cannot be sent: ${String(error)}` },
    } satisfies AreaReply);
  }
}
