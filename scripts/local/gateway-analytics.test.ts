import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from './gateway';

/** A port nobody listens on now (the gateway takes fixed ports, as the local cloud assigns them). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const WEB_ORIGIN = 'http://127.0.0.1:5173';
const dir = mkdtempSync(join(tmpdir(), 'mr-gateway-analytics-'));
const analyticsFile = join(dir, 'analytics.jsonl');
const logLines: string[] = [];
let gateway: Gateway;
let url: string;

beforeAll(async () => {
  const [apiPort, wsPort] = [await freePort(), await freePort()];
  gateway = await startGateway({
    host: '127.0.0.1',
    apiPort,
    wsPort,
    issuer: 'http://127.0.0.1:1/issuer',
    jwksUrl: 'http://127.0.0.1:1/jwks.json',
    audience: 'client',
    allowOrigins: [WEB_ORIGIN],
    outboxDir: join(dir, 'outbox'),
    analyticsFile,
    log: (line) => logLines.push(line),
  });
  url = `http://127.0.0.1:${apiPort}/__local/analytics`;
});
afterAll(async () => {
  await gateway.stop();
  rmSync(dir, { recursive: true, force: true });
});

const post = (body: string) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'text/plain', origin: WEB_ORIGIN }, body });

describe('local usage analytics (issue 20 §8: locally into the local cloud’s log)', () => {
  it('writes an event the web app sends to the analytics file and the cloud’s log', async () => {
    const answer = await post(
      JSON.stringify({ type: 'modelrepository.entry_opened', data: { uuid: 'm-1', user: '1a2b3c4d' } }),
    );
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(WEB_ORIGIN);
    const lines = readFileSync(analyticsFile, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] as string)).toEqual({
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      type: 'modelrepository.entry_opened',
      data: { uuid: 'm-1', user: '1a2b3c4d' },
    });
    expect(logLines).toContain('analytics modelrepository.entry_opened {"uuid":"m-1","user":"1a2b3c4d"}');
  });

  it.each([
    ['not JSON', '{'],
    ['no type', JSON.stringify({ data: {} })],
    ['a type with spaces', JSON.stringify({ type: 'entry opened', data: {} })],
    ['nested data', JSON.stringify({ type: 'modelrepository.x', data: { user: { name: 'Olivia' } } })],
    ['an extra field', JSON.stringify({ type: 'modelrepository.x', data: {}, email: 'olivia@example.com' })],
    [
      'too many attributes',
      JSON.stringify({
        type: 'modelrepository.x',
        data: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])),
      }),
    ],
  ])('refuses %s with 400 and writes nothing', async (_case, body) => {
    const before = existsSync(analyticsFile) ? readFileSync(analyticsFile, 'utf8') : '';
    const answer = await post(body);
    expect(answer.status).toBe(400);
    expect(existsSync(analyticsFile) ? readFileSync(analyticsFile, 'utf8') : '').toBe(before);
  });
});
