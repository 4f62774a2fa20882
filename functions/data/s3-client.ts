import { S3Client } from '@aws-sdk/client-s3';
import { env } from '../lib/env';

/** The S3 client (see clients.ts for why each service has its own module). */
let s3Client: S3Client | undefined;

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
