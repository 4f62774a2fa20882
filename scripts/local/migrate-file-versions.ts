import { pathToFileURL } from 'node:url';
import { migrateFileVersions } from '../../functions/core/files/migrate-file-versions';
import { endpointsFile, readEndpoints } from './endpoints';
import { applyHandlerEnv, handlerEnv } from './env';

/**
 * Moves file versions kept as a list inside each file item into items of their own (docs/versions.md
 * "File history", functions/core/files/migrate-file-versions.ts). Idempotent and resumable: a second
 * run finds nothing to do; `--from <cursor>` continues a run that stopped at the cursor it printed.
 *
 *   npx tsx scripts/local/migrate-file-versions.ts [--data-dir <dir>] [--from '<cursor>']
 *
 * (without --data-dir: MR_ENDPOINTS_FILE, or the default data dir of the running local cloud)
 *
 * The local seed runs it on every start. Against AWS, `--aws` skips the local cloud and uses the
 * process environment: the deployed table's name in the handlers' variable (shared/config, the same
 * name the Lambda functions get: TABLE_NAME) and the AWS credentials and region of an operator.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const arg = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  if (!args.includes('--aws')) {
    const dataDir = arg('--data-dir');
    applyHandlerEnv(handlerEnv(dataDir ? readEndpoints(endpointsFile(dataDir)) : readEndpoints()));
  }
  const from = arg('--from');
  const result = await migrateFileVersions({
    ...(from ? { from } : {}),
    onPage: (cursor, migrated) =>
      console.log(`${migrated} files migrated${cursor ? `; resume with --from '${cursor}'` : '; done'}`),
  });
  console.log(`file versions: ${result.migrated} files migrated, ${result.skipped} left for the next run`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
