import { Agent, request } from 'node:http';

/**
 * The benchmarks' HTTP client for requests through the local gateway: node:http over one keep-alive
 * connection, the same stack the AWS SDK's NodeHttpHandler uses for the direct DynamoDB reads they are
 * compared with. (undici's fetch adds ~0.5 ms of its own per request; that is the client's cost, not
 * the gateway's, and would skew a ratio of two ~4 ms figures.)
 */
export interface BenchHttpClient {
  send(
    url: string,
    init?: { method?: string; headers?: Record<string, string>; body?: string },
  ): Promise<{ status: number; body: string }>;
  close(): void;
}

export function benchHttpClient(): BenchHttpClient {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return {
    send: (url, init = {}) =>
      new Promise((resolve, reject) => {
        const body = init.body === undefined ? undefined : Buffer.from(init.body, 'utf8');
        const req = request(
          url,
          {
            agent,
            method: init.method ?? 'GET',
            headers: { ...init.headers, ...(body ? { 'content-length': String(body.byteLength) } : {}) },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('error', reject);
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
            );
          },
        );
        req.on('error', reject);
        req.end(body);
      }),
    close: () => agent.destroy(),
  };
}
