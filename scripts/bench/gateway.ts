import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { TABLE_SCHEMA } from '@shared/config/table-schema';
import { idToken } from '../../test/support/local-cloud';
import { readEndpoints } from '../local/endpoints';
import { benchHttpClient } from './http-client';
import { formatTable, ms, option, percentile, verdict } from './stats';

/**
 * What the local gateway adds to a request: p50/p95 of an authenticated `GET /v2/users/me` through
 * the gateway (JWT verification, event building, the handler, which reads the same user item) against
 * a direct DynamoDB GetItem of that item (USER#<id>/PROFILE). Both run interleaved in one process so
 * machine noise hits both alike, and both go over the same HTTP stack (./http-client.ts). Target:
 * gateway p50 at most 1.5 × the direct read.
 *
 * Usage (with a local cloud running, e.g. `npx tsx scripts/local/start.ts --test`):
 *   npx tsx scripts/bench/gateway.ts [--requests 500] [--persona viewer]
 * It reads MR_ENDPOINTS_FILE, else the endpoints.json of `npm start` (.local/endpoints.json).
 */
const TARGET_RATIO = 1.5;
const WARM_UP = 30;

async function main(): Promise<void> {
  // The SDK's notice about Node 22 is noise here (Lambda runs nodejs22.x).
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const requests = Number(option('requests', '500'));
  const endpoints = readEndpoints();
  const key = option('persona', 'viewer');
  const persona = endpoints.personas.find((p) => p.key === key);
  if (!persona) throw new Error(`No persona '${key}' in endpoints.json`);
  const token = await idToken(key, endpoints);
  const meUrl = new URL('/v2/users/me', endpoints.api).href;
  const ddb = new DynamoDBClient({
    endpoint: endpoints.dynamodb,
    region: endpoints.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const getItem = new GetItemCommand({
    TableName: endpoints.tableName,
    Key: {
      [TABLE_SCHEMA.partitionKey]: { S: `USER#${persona.username}` },
      [TABLE_SCHEMA.sortKey]: { S: 'PROFILE' },
    },
  });

  const http = benchHttpClient();
  const viaGateway = async () => {
    const { status, body } = await http.send(meUrl, { headers: { authorization: `Bearer ${token}` } });
    if (status !== 200) throw new Error(`GET ${meUrl} answered ${status}: ${body.slice(0, 200)}`);
  };
  const direct = async () => {
    const { Item } = await ddb.send(getItem);
    if (!Item) throw new Error(`No item USER#${persona.username}/PROFILE in ${endpoints.tableName}`);
  };
  const timed = async (fn: () => Promise<void>) => {
    const started = performance.now();
    await fn();
    return performance.now() - started;
  };

  for (let i = 0; i < WARM_UP; i++) {
    await viaGateway();
    await direct();
  }
  const gatewaySamples: number[] = [];
  const directSamples: number[] = [];
  for (let i = 0; i < requests; i++) {
    // Alternate which goes first so neither always runs right after the other's GC or I/O burst.
    if (i % 2 === 0) {
      gatewaySamples.push(await timed(viaGateway));
      directSamples.push(await timed(direct));
    } else {
      directSamples.push(await timed(direct));
      gatewaySamples.push(await timed(viaGateway));
    }
  }

  const row = (name: string, samples: number[]) => [
    name,
    ms(percentile(samples, 50)),
    ms(percentile(samples, 95)),
    ms(percentile(samples, 99)),
  ];
  const ratio50 = percentile(gatewaySamples, 50) / percentile(directSamples, 50);
  const ratio95 = percentile(gatewaySamples, 95) / percentile(directSamples, 95);
  console.log(
    `${requests} requests each, interleaved, as ${persona.username}, after ${WARM_UP} warm-up rounds\n`,
  );
  console.log(
    formatTable(
      ['path', 'p50', 'p95', 'p99'],
      [
        row('GET /v2/users/me via the gateway', gatewaySamples),
        row('DynamoDB GetItem, direct', directSamples),
        ['ratio gateway / direct', `${ratio50.toFixed(2)}x`, `${ratio95.toFixed(2)}x`, ''],
      ],
    ),
  );
  console.log(
    `\np50 ratio ${ratio50.toFixed(2)}x (target <= ${TARGET_RATIO}x): ${verdict(ratio50 <= TARGET_RATIO)}`,
  );
  ddb.destroy();
  http.close();
}

await main();
