/**
 * How a result (shared/schemas/run-result.ts) is drawn, in code that runs in the browser and in Node:
 * the step-3 page and every export (PowerPoint, Excel, PDF, print) build on these models so they agree.
 */
export * from './chart-model';
export * from './palette';
export * from './table-model';
export * from './texts';
