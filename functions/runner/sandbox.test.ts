import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { modelSandboxEnv } from '../lib/env';
import { bwrapMissingMessage, UNSAFE_OPT_OUT } from './sandbox';

const DOCKER = join('functions', 'runner', 'docker');
const saved = { mode: process.env.MR_SANDBOX, unsafe: process.env[UNSAFE_OPT_OUT] };

afterEach(() => {
  for (const [name, value] of [
    ['MR_SANDBOX', saved.mode],
    [UNSAFE_OPT_OUT, saved.unsafe],
  ] as const)
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
});

describe('the sandbox settings', () => {
  it('runs models under bubblewrap unless told otherwise', () => {
    delete process.env.MR_SANDBOX;
    delete process.env[UNSAFE_OPT_OUT];
    expect(modelSandboxEnv()).toEqual({ mode: 'bwrap', unsafeWithoutSandbox: false });
  });

  it('takes the container mode and the unsafe opt-out from the environment', () => {
    process.env.MR_SANDBOX = 'container';
    process.env[UNSAFE_OPT_OUT] = '1';
    expect(modelSandboxEnv()).toEqual({ mode: 'container', unsafeWithoutSandbox: true });
    process.env[UNSAFE_OPT_OUT] = '0';
    expect(modelSandboxEnv().unsafeWithoutSandbox).toBe(false);
  });

  it('refuses an unknown mode rather than running models without a sandbox', () => {
    process.env.MR_SANDBOX = 'none';
    expect(() => modelSandboxEnv()).toThrow(/MR_SANDBOX must be 'bwrap' or 'container'/);
  });

  it('names bubblewrap, how to install it and the opt-out when it cannot run', () => {
    expect(bwrapMissingMessage('/usr/bin/bwrap is not installed')).toBe(
      'This runner cannot start models: they run inside the bubblewrap sandbox, and bubblewrap (bwrap) cannot run here (/usr/bin/bwrap is not installed). Install it with \'sudo apt-get install bubblewrap\' (scripts/local/install-runner-deps.sh does) on a machine that allows unprivileged user namespaces; on a development machine only, MR_UNSAFE_RUN_MODELS_WITHOUT_SANDBOX=1 runs models without it (docs/running-models.md, "The sandbox").',
    );
  });
});

describe('the runner images', () => {
  const dockerfiles = readdirSync(DOCKER).filter((name) => /^Dockerfile\.[a-z]+$/.test(name));

  it.each(dockerfiles)('%s starts models as the unprivileged model user in container mode', (name) => {
    const text = readFileSync(join(DOCKER, name), 'utf8');
    expect(text).toMatch(/useradd --system --uid 10001 --gid model .*model$/m);
    expect(text).toMatch(/^\s+MR_SANDBOX=container \\$/m);
    // The runner must stay root to switch to `model`; the model itself never runs as root.
    expect(text).not.toMatch(/^USER /m);
  });

  it('covers every runner image', () => {
    expect(dockerfiles.sort()).toEqual(['Dockerfile.excel', 'Dockerfile.python', 'Dockerfile.r']);
  });
});
