/**
 * Key schema of the single DynamoDB table, used by the CDK stateful stack and by the local cloud when
 * it creates the table in DynamoDB Local, so both worlds have the same keys and indexes.
 */
export const TABLE_SCHEMA = {
  /** Logical name; CDK lets CloudFormation name the table, the local cloud uses this name. */
  localTableName: 'ModelRepository',
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Items with this attribute (epoch seconds) expire (connections, error reports). */
  ttlAttribute: 'ttl',
  globalSecondaryIndexes: [
    { indexName: 'GSI1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'GSI2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
  /** Stream view type (the search projection of the catalogue is maintained from it). */
  streamViewType: 'NEW_AND_OLD_IMAGES',
} as const;

export const LOCAL_FILES_BUCKET = 'model-repository-files';
export const LOCAL_REGION = 'us-east-1';
