import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SFNClient } from '@aws-sdk/client-sfn';
import { env } from '../lib/env';

/**
 * AWS SDK clients, created once per process and reused across invocations. Locally the emulator
 * endpoints come from the environment (the one list in shared/config/env-vars.ts); in AWS those
 * variables are empty and the SDK uses the real endpoints.
 */
let documentClient: DynamoDBDocumentClient | undefined;
let s3Client: S3Client | undefined;
let sfnClient: SFNClient | undefined;

export function ddb(): DynamoDBDocumentClient {
  if (!documentClient) {
    const endpoint = env.dynamodbEndpoint;
    const client = new DynamoDBClient(endpoint ? { endpoint } : {});
    documentClient = DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    });
  }
  return documentClient;
}

export function s3(): S3Client {
  if (!s3Client) {
    const endpoint = env.s3Endpoint;
    s3Client = new S3Client(
      endpoint
        ? {
            endpoint,
            forcePathStyle: true,
            // s3rver stores streamed uploads corrupted unless checksums are only sent when required.
            requestChecksumCalculation: 'WHEN_REQUIRED',
            responseChecksumValidation: 'WHEN_REQUIRED',
          }
        : {},
    );
  }
  return s3Client;
}

export function sfn(): SFNClient {
  if (!sfnClient) {
    const endpoint = env.sfnEndpoint;
    sfnClient = new SFNClient(endpoint ? { endpoint } : {});
  }
  return sfnClient;
}
