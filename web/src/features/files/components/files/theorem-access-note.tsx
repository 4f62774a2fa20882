import type { CallerFileNode } from '@shared/schemas/collaboration';
import { Message } from 'primereact/message';
import { useSettings } from '../../../../lib/app-settings';

/**
 * The THEOREM missing-access message on the page, with the link to the access guide (000 §5 "The
 * message names the missing ones, points to an access guide"; issue 21 §20: it lived only in the
 * tooltip of each refused file). The server names the missing accesses per file (`callerAccess`);
 * they are the caller's flags on this entry, so one message stands for all its refused files.
 */
export function TheoremAccessNote({ files }: { files: readonly CallerFileNode[] | undefined }) {
  const reason = files?.find((f) => f.callerAccess?.refusal === 'theorem')?.callerAccess?.reason;
  if (!reason) return null;
  return (
    <Message
      severity="warn"
      className="mr-theorem-access-note"
      content={
        <span>
          {reason} <GuideLink />
        </span>
      }
    />
  );
}

/** The settings are asked for only when the note shows. */
function GuideLink() {
  const guide = useSettings()?.documentation.theoremAccessGuideUrl;
  return guide ? (
    <a href={guide} target="_blank" rel="noreferrer">
      Open the THEOREM access guide
    </a>
  ) : null;
}
