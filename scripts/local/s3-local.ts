import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import S3rver from 's3rver';

/**
 * s3rver, in-process, directory-backed (`<dataDir>/s3`). Only the key pair S3RVER/S3RVER is accepted.
 * The files bucket gets CORS for the web origins so that browsers can PUT/GET with presigned URLs.
 */
export async function startS3(options: {
  port: number;
  dataDir: string;
  bucket: string;
  webOrigins: string[];
}): Promise<{ stop(): Promise<void> }> {
  const directory = join(options.dataDir, 's3');
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port,
    directory,
    silent: true,
    configureBuckets: [{ name: options.bucket, configs: [corsXml(options.webOrigins)] }],
  });
  await server.run();
  return {
    async stop() {
      server.httpServer?.closeAllConnections();
      await server.close();
    },
  };
}

function corsXml(origins: string[]): string {
  const rules = origins
    .map(
      (origin) => `<CORSRule>
    <AllowedOrigin>${origin}</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>`,
    )
    .join('\n  ');
  return `<CORSConfiguration>\n  ${rules}\n</CORSConfiguration>`;
}
