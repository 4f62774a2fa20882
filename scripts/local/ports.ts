import { createServer } from 'node:net';

/** Default ports of the local cloud (docs/development.md). Each can be moved with MR_PORT_<NAME>. */
export const DEFAULT_PORTS = {
  WEB: 5173,
  API: 4000,
  WS: 4001,
  DYNAMODB: 8000,
  S3: 4569,
  COGNITO: 9229,
  /** cognito-local itself, behind the small proxy on COGNITO (scripts/local/cognito-proxy.ts). */
  COGNITO_EMULATOR: 9239,
  SFN: 8083,
} as const;

export type PortName = keyof typeof DEFAULT_PORTS;
export type Ports = Record<PortName, number>;

/** Tests shift every port so they can run next to a developer's `npm start`. */
export const TEST_PORT_OFFSET = 10_000;

export function resolvePorts(env: NodeJS.ProcessEnv, defaultOffset: number): Ports {
  const offset =
    env.MR_PORT_OFFSET !== undefined && env.MR_PORT_OFFSET !== ''
      ? toPort(env.MR_PORT_OFFSET, 'MR_PORT_OFFSET')
      : defaultOffset;
  const ports = {} as Ports;
  for (const name of Object.keys(DEFAULT_PORTS) as PortName[]) {
    const explicit = env[`MR_PORT_${name}`];
    ports[name] = explicit ? toPort(explicit, `MR_PORT_${name}`) : DEFAULT_PORTS[name] + offset;
  }
  return ports;
}

function toPort(value: string, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65_535)
    throw new Error(`${name} must be a port number, got '${value}'`);
  return n;
}

export class PortInUseError extends Error {
  constructor(
    readonly portName: PortName,
    readonly port: number,
  ) {
    super(
      `Port ${port} (${portName}) on 127.0.0.1 is already in use. Stop whatever listens there, or choose another ` +
        `port with MR_PORT_${portName}=<port>, or shift all ports with MR_PORT_OFFSET=<n>.`,
    );
    this.name = 'PortInUseError';
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** Checks every port before anything starts, so a clash is reported by name instead of as a crash. */
export async function assertPortsFree(ports: Ports): Promise<void> {
  for (const name of Object.keys(ports) as PortName[]) {
    if (!(await isFree(ports[name]))) throw new PortInUseError(name, ports[name]);
  }
}
