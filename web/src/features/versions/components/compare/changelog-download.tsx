import { MESSAGES } from '@shared/messages';
import type { CompareVersion } from '@shared/schemas/compare';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { useId, useState } from 'react';
import { downloadFileLink } from '../../../../api/versions';
import { ActionDialog } from '../../../../components/ui/action-dialog';

export const NO_CHANGELOG = 'No changelog file was uploaded';

/** Hands the presigned URL to the browser (its own export so tests can watch it). */
export const browserDownload = { start: (url: string) => window.location.assign(url) };

/**
 * A version's changelog document with Download (000 §2). Like every download it waits for the tick
 * of 'I have read the legal notice' (000 §4); the server refuses a download without it.
 */
export function ChangelogDownload({
  version,
  legalNotice,
}: {
  version: CompareVersion;
  legalNotice?: string;
}) {
  const [open, setOpen] = useState(false);
  const [accepted, setAccepted] = useState(false);
  const checkId = useId();
  const changelog = version.changelog;
  // The API client shows the server's message when the link is refused; the dialog stays open.
  const download = useMutation({
    mutationFn: (fileUuid: string) => downloadFileLink(version.uuid, fileUuid),
    onSuccess: (link) => {
      browserDownload.start(link.url);
      setOpen(false);
    },
  });
  if (!changelog) return <p className="mr-versions__empty">{NO_CHANGELOG}</p>;
  return (
    <div className="mr-compare__changelog">
      <span>
        <i className="pi pi-file" aria-hidden="true" /> {changelog.name}
      </span>
      <Button
        label="Download"
        icon="pi pi-download"
        size="small"
        outlined
        disabled={!changelog.mayDownload}
        tooltip={changelog.mayDownload ? undefined : 'You do not have access to this file'}
        aria-label={`Download ${changelog.name}`}
        onClick={() => {
          setAccepted(false);
          setOpen(true);
        }}
      />
      {open && (
        <ActionDialog
          header="Download changelog"
          width="36rem"
          onHide={() => setOpen(false)}
          confirmLabel="Download"
          confirmIcon="pi pi-download"
          confirmDisabled={!accepted}
          busy={download.isPending}
          onConfirm={() => download.mutate(changelog.fileUuid)}
        >
          <section aria-label="Legal notice">
            <h3>Legal notice</h3>
            <p>{legalNotice?.trim() || MESSAGES.defaultLegalNotice}</p>
          </section>
          <div className="mr-compare__accept">
            <Checkbox
              inputId={checkId}
              checked={accepted}
              onChange={(e) => setAccepted(Boolean(e.checked))}
            />
            <label htmlFor={checkId}>{MESSAGES.legalNoticeRead}</label>
          </div>
        </ActionDialog>
      )}
    </div>
  );
}
