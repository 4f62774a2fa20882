import type { ScheduledJob } from '@shared/api/routes';
import { invokeHandler } from './handler-modules';

/**
 * The local stand-in for EventBridge schedules: each job's handler runs once right away (so a fresh
 * or restarted cloud starts from a compact state, as a deployed stack would within minutes) and then
 * every `everyMinutes`. A run never overlaps the previous one of the same job; failures are logged.
 */
export function startScheduler(
  jobs: readonly ScheduledJob[],
  log: (line: string) => void,
): { stop: () => void } {
  const timers: NodeJS.Timeout[] = [];
  for (const job of jobs) {
    let running = false;
    const run = async () => {
      if (running) return;
      running = true;
      const started = Date.now();
      try {
        await invokeHandler(job.handler, scheduledEvent(job), 5 * 60_000);
        log(`scheduled job ${job.handler} done in ${Date.now() - started} ms`);
      } catch (error) {
        log(`scheduled job ${job.handler} failed: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        running = false;
      }
    };
    void run();
    const timer = setInterval(() => void run(), job.everyMinutes * 60_000);
    timer.unref();
    timers.push(timer);
  }
  return { stop: () => timers.forEach(clearInterval) };
}

/** The event EventBridge hands a scheduled target. */
function scheduledEvent(job: ScheduledJob) {
  return {
    version: '0',
    id: crypto.randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: '000000000000',
    time: new Date().toISOString(),
    region: 'us-east-1',
    resources: [`arn:aws:events:us-east-1:000000000000:rule/local-${job.handler.replace(/\W/g, '-')}`],
    detail: {},
  };
}
