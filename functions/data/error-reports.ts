import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { RETENTION } from '@shared/constants';
import { ddb } from './dynamodb-client';
import { tableName, ttlIn } from './table';

/**
 * Server-side reports of unexpected errors: ERRORREPORT#<reportId> / META, expiring after 90 days.
 * The report id is what the client sees; the stack stays here and in the log.
 */
export const errorReportKey = (reportId: string) => ({ pk: `ERRORREPORT#${reportId}`, sk: 'META' });

export interface ErrorReport {
  reportId: string;
  message: string;
  stack?: string;
  route?: string;
  time: string;
}

export async function putErrorReport(report: ErrorReport): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...errorReportKey(report.reportId),
        entity: 'ErrorReport',
        ...report,
        ttl: ttlIn(RETENTION.errorReportTtlSeconds, Date.parse(report.time)),
      },
    }),
  );
}

export async function getErrorReport(reportId: string): Promise<ErrorReport | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: errorReportKey(reportId) }),
  );
  if (!Item) return undefined;
  return {
    reportId,
    message: String(Item.message ?? ''),
    ...(typeof Item.stack === 'string' ? { stack: Item.stack } : {}),
    ...(typeof Item.route === 'string' ? { route: Item.route } : {}),
    time: String(Item.time ?? ''),
  };
}
