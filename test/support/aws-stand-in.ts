import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { vi } from 'vitest';

/**
 * A local HTTP server standing in for an AWS endpoint in unit tests of functions/lib/aws-rest.ts and
 * its callers (DynamoDB, SES, @connections): it records every request as it arrived and answers as
 * the test says. Close them all with closeStandIns() in afterEach.
 */
export interface RecordedRequest {
  method: string;
  /** The request target as sent: path and query, still percent-encoded. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The client's port: the same for requests that reused a keep-alive connection. */
  clientPort: number | undefined;
}

export interface StandInAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Drop the connection instead of answering (a network error for the client). */
  hangUp?: boolean;
  /** Send the headers and this much of a longer body, then drop the connection. */
  cutOffAfter?: string;
}

export type Answering = (request: RecordedRequest, index: number) => StandInAnswer;

/** Answers from a script, one answer per request in order; the last one repeats. */
export const scripted =
  (...answers: StandInAnswer[]): Answering =>
  (_request, index) =>
    answers[Math.min(index, answers.length - 1)] ?? { status: 200 };

const servers: Server[] = [];

export async function startStandIn(
  answer: Answering,
): Promise<{ endpoint: string; requests: RecordedRequest[] }> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
        clientPort: req.socket.remotePort,
      };
      requests.push(request);
      const reply = answer(request, requests.length - 1);
      if (reply.hangUp) {
        req.socket.destroy();
        return;
      }
      if (reply.cutOffAfter !== undefined) {
        res.writeHead(reply.status, { ...reply.headers, 'content-length': '1000' });
        res.write(reply.cutOffAfter);
        setTimeout(() => req.socket.destroy(), 20);
        return;
      }
      res.writeHead(reply.status, reply.headers ?? {});
      res.end(reply.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

export async function closeStandIns(): Promise<void> {
  for (const server of servers.splice(0)) {
    // aws-rest keeps its sockets alive: close them, or close() waits for their idle timeout.
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/**
 * Credentials in the environment only, as Lambda passes them. Call aws-rest's forgetAwsCredentials()
 * after this, so the next call reads them.
 */
export function stubAwsCredentials(accessKeyId: string, secretAccessKey: string): void {
  vi.stubEnv('AWS_ACCESS_KEY_ID', accessKeyId);
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', secretAccessKey);
  vi.stubEnv('AWS_SESSION_TOKEN', undefined);
  // With a profile set, the SDK's chain skips the environment's keys.
  vi.stubEnv('AWS_PROFILE', undefined);
}
