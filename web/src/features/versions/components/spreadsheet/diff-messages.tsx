import { Message } from 'primereact/message';

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
