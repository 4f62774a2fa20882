import type { ScheduledJob } from '@shared/api/routes';
import { invokeArea } from './area-workers';

/**
 * The local stand-in for EventBridge schedules: each job runs once right away (so a fresh or restarted
 * cloud starts from a compact state, as a deployed stack would within minutes) and then every
 * `everyMinutes`, by invoking the job's area with the rule's target input (`{ job, time }`, as the
 * stateless stack sets it). A run never overlaps the previous one of the same job; failures are logged.
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
        await invokeArea(job.area, scheduledInput(job), 5 * 60_000);
        log(`scheduled job ${job.name} done in ${Date.now() - started} ms`);
      } catch (error) {
        log(`scheduled job ${job.name} failed: ${error instanceof Error ? error.message : String(error)}`);
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

/** What the EventBridge rule hands the job's function: its target input (cdk/stacks/stateless-stack.ts). */
function scheduledInput(job: ScheduledJob) {
  return { job: job.name, time: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z') };
}
