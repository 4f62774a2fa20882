import type { PublishIssue } from '@shared/rules/publish-checks';
import { UnprocessableError } from '../../lib/errors';

export const PUBLISH_REFUSED = 'The model entry cannot be published.';

/**
 * Publishing refused (422). The body's issues carry severity, message and field (PublishRefusalSchema)
 * plus `path`, so the body also fits the API's common error shape; the http wrapper serializes them.
 */
export class PublishRefusedError extends UnprocessableError {
  constructor(readonly publishIssues: readonly PublishIssue[]) {
    super(
      `${PUBLISH_REFUSED} ${publishIssues
        .filter((i) => i.severity !== 'WARNING')
        .map((i) => i.message)
        .join('; ')}`.trim(),
      publishIssues.map((i) => ({ ...i, path: i.field ?? 'body' })),
    );
  }
}
