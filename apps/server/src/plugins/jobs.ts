import type { FastifyInstance } from 'fastify';
import type { PeriodicJob } from '../lib/periodic-job.js';

export interface JobRegistration<Result> {
  /** The job, as its factory builds it (createLifecycleJob, createDateJob, …). */
  job: PeriodicJob<Result>;
  /** Its `job_name` in the job metrics (`bidyourdate_job_*`); a job without one reports none. */
  name?: string;
  /** Starts its timer when the app is ready; false for apps whose tests run the job by hand. */
  start?: boolean;
}

/**
 * The wiring every background job shares (app.ts): its metrics, its start when the app is ready,
 * and its stop before the app closes. It is stopped (and the run in progress awaited) in preClose,
 * before any onClose hook: those run last-registered first, and main.ts closes the database in one
 * it adds after buildApp. The onClose stop covers an app closed before it was ready.
 */
export function registerJob<Result>(app: FastifyInstance, registration: JobRegistration<Result>): PeriodicJob<Result> {
  const { job, name, start = true } = registration;
  if (name) job.observe(app.metrics.jobObserver(name));
  if (start) app.addHook('onReady', async () => job.start());
  app.addHook('preClose', () => job.stop());
  app.addHook('onClose', () => job.stop());
  return job;
}
