import type { DownloadArchive } from '@shared/schemas/download-archive';
import WebSocket from 'ws';
import type { LocalEndpoints } from '../../scripts/local/endpoints';
import { api, localCloud } from './local-cloud';
import type { Json } from './model-entries';

/**
 * "Download all" as the browser does it, for integration tests and the archive benchmark: start the
 * job (`POST .../download-all`, 202), follow it (`GET .../archives/{archiveId}` or the WebSocket),
 * then fetch the presigned URL of the READY archive.
 */
async function request(
  token: string,
  method: string,
  path: string,
  body: unknown,
  endpoints: LocalEndpoints,
): Promise<{ status: number; body: Json }> {
  const res = await api(
    path,
    {
      method,
      token,
      ...(body !== undefined
        ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
        : {}),
    },
    endpoints,
  );
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

export function startDownloadAll(token: string, uuid: string, endpoints: LocalEndpoints = localCloud()) {
  return request(token, 'POST', `/v2/models/${uuid}/download-all`, { legalNoticeAccepted: true }, endpoints);
}

export function getArchive(
  token: string,
  uuid: string,
  archiveId: string,
  endpoints: LocalEndpoints = localCloud(),
) {
  return request(token, 'GET', `/v2/models/${uuid}/archives/${archiveId}`, undefined, endpoints);
}

/** Polls the job until it is READY or FAILED (throws on anything but 200, or after `timeoutMs`). */
export async function waitForArchive(
  token: string,
  uuid: string,
  archiveId: string,
  { timeoutMs = 60_000, intervalMs = 250, endpoints = localCloud() } = {},
): Promise<DownloadArchive> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await getArchive(token, uuid, archiveId, endpoints);
    if (answer.status !== 200)
      throw new Error(`archive ${archiveId}: ${answer.status} ${JSON.stringify(answer.body)}`);
    const archive = answer.body as DownloadArchive;
    if (archive.status === 'READY' || archive.status === 'FAILED') return archive;
    if (Date.now() > deadline)
      throw new Error(`archive ${archiveId} still ${archive.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Starts "Download all" and waits for its archive; returns the READY job (with its URL). */
export async function downloadAllArchive(
  token: string,
  uuid: string,
  options: { timeoutMs?: number; endpoints?: LocalEndpoints } = {},
): Promise<DownloadArchive> {
  const started = await startDownloadAll(token, uuid, options.endpoints);
  if (started.status !== 202)
    throw new Error(`download-all: ${started.status} ${JSON.stringify(started.body)}`);
  const archive = await waitForArchive(token, uuid, started.body.archiveId, options);
  if (archive.status !== 'READY') throw new Error(`archive failed: ${archive.message}`);
  return archive;
}

/** A WebSocket of `token`'s user that records every message it receives. */
export async function openMessageSocket(
  token: string,
  endpoints: LocalEndpoints = localCloud(),
): Promise<{ messages: Json[]; socket: WebSocket }> {
  const socket = new WebSocket(`${endpoints.ws}?token=${token}`);
  const messages: Json[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(data.toString())));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_req, res) => reject(new Error(`refused with ${res.statusCode}`)));
    socket.once('error', reject);
  });
  return { messages, socket };
}
