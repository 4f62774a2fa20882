import { Logger } from '@aws-lambda-powertools/logger';

/** One logger per process, created at module scope and reused across invocations. */
export const logger = new Logger({ serviceName: 'model-repository' });
