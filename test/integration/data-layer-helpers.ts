import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll } from 'vitest';
import type * as DynamoClient from '../../functions/data/dynamodb-client';
import type * as Table from '../../functions/data/table';
import { applyHandlerEnv, handlerEnv } from '../../scripts/local/env';
import { localCloud } from '../support/local-cloud';

type Key = { pk: string; sk: string };

/**
 * The data layer's modules against the local cloud's DynamoDB Local and its real table, configured as
 * the local gateway configures handlers (as table.test.ts does). Call at the top of a test file: the
 * modules are imported in beforeAll, after the environment is set. `forget(key)` records a key to
 * delete in afterAll; items are read back with `read(key)` (consistent).
 */
export function dataLayerFixture() {
  const savedEnv = { ...process.env };
  const written = new Map<string, Key>();
  const state: { table?: typeof Table; ddb?: typeof DynamoClient.ddb } = {};

  beforeAll(async () => {
    applyHandlerEnv(handlerEnv(localCloud()));
    const { resetEnvForTests } = await import('../../functions/lib/env');
    resetEnvForTests();
    state.table = await import('../../functions/data/table');
    ({ ddb: state.ddb } = await import('../../functions/data/dynamodb-client'));
  });

  afterAll(async () => {
    try {
      if (state.table && written.size > 0) {
        await state.table.batchWriteAll([...written.values()].map((Key) => ({ DeleteRequest: { Key } })));
      }
    } finally {
      for (const name of Object.keys(process.env)) if (!(name in savedEnv)) delete process.env[name];
      Object.assign(process.env, savedEnv);
    }
  });

  const table = () => {
    if (!state.table) throw new Error('dataLayerFixture: used before beforeAll');
    return state.table;
  };
  const ddb = () => {
    if (!state.ddb) throw new Error('dataLayerFixture: used before beforeAll');
    return state.ddb();
  };
  return {
    table,
    ddb,
    forget(...keys: Key[]) {
      for (const k of keys) written.set(`${k.pk}\u0000${k.sk}`, k);
    },
    async read(key: Key) {
      const out = await ddb().send(
        new GetCommand({ TableName: table().tableName(), Key: key, ConsistentRead: true }),
      );
      return out.Item;
    },
  };
}
