import { Message } from 'primereact/message';
import { ApiError } from '../../../../lib/api-client';

export const FAILED_TO_FETCH_DIFF = 'Failed to fetch diff';
export const FAILED_TO_FETCH_SOME_DIFFS = 'Failed to fetch some diffs';
export const STILL_PROCESSING =
  'This might be due to files are still being processed on our server. Please try again later.';

/** 'Failed to fetch some diffs' with why: the server is still computing (202) or a part failed. */
export function SomeDiffsMissing() {
  return (
    <Message
      severity="warn"
      className="mr-sheet-diff__pending"
      content={
        <div role="status">
          <strong>{FAILED_TO_FETCH_SOME_DIFFS}</strong>
          <p>{STILL_PROCESSING}</p>
        </div>
      }
    />
  );
}

/**
 * 'Failed to fetch diff', with the server's reason when it refused the pair (422: a corrupt or
 * password-protected workbook, a zip bomb, a file too large to compare): that reason is the message.
 */
export function DiffFailed({ error }: { error?: unknown }) {
  const reason =
    error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.body?.message : undefined;
  return (
    <div role="alert" className="mr-diff-failed">
      <p>{FAILED_TO_FETCH_DIFF}</p>
      {reason && <p>{reason}</p>}
    </div>
  );
}
