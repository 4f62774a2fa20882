import type { RequestAccessDialogProps } from './request-access-dialog';

/**
 * Stands in for the real dialog (./request-access-dialog.tsx, tested on its own) in the web tests of
 * the screens that open it: it names what it was opened for and sends at once. Only test files use
 * it: `vi.mock('./request-access-dialog', () => import('./request-access-stand-in'))`.
 */
export function RequestAccessDialog({ target, onHide, onSent }: RequestAccessDialogProps) {
  const subject = target.kind === 'file' ? target.fileName : target.modelName;
  return (
    <div role="dialog" aria-label="Request Access">
      <span>{`request for ${target.kind} ${subject}`}</span>
      <button
        type="button"
        onClick={() => {
          onSent?.();
          onHide();
        }}
      >
        Send request
      </button>
    </div>
  );
}
