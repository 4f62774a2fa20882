import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { env } from '../lib/env';
import { tracer } from '../lib/observability';

/**
 * The files bucket's S3 clients, created on first use and reused (see dynamodb-client.ts for why each
 * service has its own module). Locally s3rver (S3_ENDPOINT) is addressed path-style and must not get
 * the SDK's default checksums: it stores streamed uploads corrupted when they are sent.
 */
const localConfig = (): S3ClientConfig => {
  const endpoint = env.s3Endpoint;
  if (!endpoint) return {};
  return {
    endpoint,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
};

let client: S3Client | undefined;
let presigningClient: S3Client | undefined;

/** For the calls a function makes itself. In AWS the SDK's defaults (CRC32 checksums...) apply. */
export function s3(): S3Client {
  client ??= tracer.captureAWSv3Client(new S3Client(localConfig()));
  return client;
}

/**
 * For presigned URLs, which browsers use. Checksums only when required, in both worlds: otherwise
 * the SDK signs the checksum of an empty body into PUT URLs and every browser upload is refused.
 */
export function s3Presigner(): S3Client {
  presigningClient ??= new S3Client({
    ...localConfig(),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return presigningClient;
}
