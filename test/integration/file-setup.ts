import { afterAll } from 'vitest';

/**
 * Runs before each integration test file (vitest.config.mts, setupFiles). The project runs its files
 * one after another in one process that keeps its modules (no fresh module graph per file), so what a
 * file sets in process.env (the handlers' configuration from applyHandlerEnv, another cloud's
 * endpoints file) would otherwise reach the files after it, and the clouds that the restart files
 * start with this process's environment. Each file starts from the same environment whichever files
 * ran before it. Registered first, this hook runs after the file's own afterAll hooks.
 */
const saved = { ...process.env };

afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  Object.assign(process.env, saved);
});
