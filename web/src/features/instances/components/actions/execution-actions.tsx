import { EXECUTION_MESSAGES, type GovernanceAction } from '@shared/executions/execution-status';
import type { InstanceSummary } from '@shared/schemas/instance-api';
import type { HashedFile } from '@shared/schemas/run-result';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { type ReactNode, useState } from 'react';
import {
  cancelExecution,
  executeInstance,
  getOutputsDownload,
  governInstance,
} from '../../../../api/executions';
import { instanceResultQuery } from '../../../../api/instance-results';
import { ActionDialog } from '../../../../components/ui/action-dialog';
import { ApiError } from '../../../../lib/api-client';
import { formatBytes } from '../../../../lib/format';
import { notify } from '../../../../lib/message-stack';
import { instanceKeys } from '../../api/instances-api';
import { CalibrationPicker, useCalibrationChoice } from '../form/calibration-picker';
import type { ExecutionAction } from './execution-rules';
import '../instances.css';

/**
 * What the execution actions do (spec 001 §4, §5, §8): the Execute, Cancel and governance
 * confirmations with the spec's messages, Download Results, and the 'Download files' dialog (§2 step
 * 3) of a run that returned files. The workspace sidebar and the instance list's row menus both run
 * them through {@link useExecutionActions}; execution-rules.ts says when each is offered.
 */

/**
 * What the actions need of an instance: a list row or the detail. Its sub-model and calibration
 * (`executionSetupId`, `scenarioId`) let Execute offer the calibrations a linked scenario may run with.
 */
export type ExecutionTarget = Pick<InstanceSummary, 'id' | 'name' | 'lastGroupId'> &
  Partial<Pick<InstanceSummary, 'executionSetupId' | 'scenarioId'>>;

/** 401 and 403 went to the global handler (sign-in, access denied): nothing more to show. */
const handledGlobally = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

/** The server's texts of a refused request: each blocker of a 422 (§5), else its message. */
export function serverMessages(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.status >= 500 || !error.body?.message) return [];
  const issues = [...new Set((error.body.issues ?? []).map((i) => i.message))];
  return issues.length > 0 ? issues : [error.body.message];
}

const GOVERNANCE_TEXTS: Record<GovernanceAction, { header: string; verb: string; done: string }> = {
  accept: { header: 'Accept Instance', verb: 'Accept', done: 'accepted' },
  unaccept: { header: 'Unaccept Instance', verb: 'Unaccept', done: 'unaccepted' },
  supersede: { header: 'Supersede Instance', verb: 'Supersede', done: 'superseded' },
};

interface ExecutionDialogProps {
  uuid: string;
  instance: ExecutionTarget;
  onHide: () => void;
}

/** Refreshes every instance query of the entry: lists, details and the header tile (§5). */
function useRefreshInstances(uuid: string) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: instanceKeys.all(uuid) });
}

/** Execute Instance (§5): create the execution, then start it; blockers come back as the server words them. */
export function ExecuteInstanceDialog({ uuid, instance, onHide }: ExecutionDialogProps) {
  const refresh = useRefreshInstances(uuid);
  const calibration = useCalibrationChoice(uuid, instance);
  const mutation = useMutation({
    mutationFn: () =>
      executeInstance(uuid, instance.id, calibration.linked ? calibration.selected : undefined),
    onSuccess: () => {
      notify.success(EXECUTION_MESSAGES.executionRequestSent);
      refresh();
      onHide();
    },
    onError: (error) => {
      refresh();
      if (handledGlobally(error)) return;
      const texts = serverMessages(error);
      if (texts.length === 0) notify.error(EXECUTION_MESSAGES.failedToCreate);
      for (const text of texts) notify.error(text);
    },
  });
  return (
    <ActionDialog
      header="Execute Instance"
      width="30rem"
      onHide={onHide}
      confirmLabel="Execute"
      confirmIcon="pi pi-play"
      busy={mutation.isPending}
      confirmDisabled={calibration.loading || (calibration.linked && !calibration.selected)}
      onConfirm={() => mutation.mutate()}
    >
      <p>
        Execute <strong>{instance.name}</strong>?
      </p>
      <CalibrationPicker choice={calibration} inputId="execute-calibration" />
    </ActionDialog>
  );
}

/** Cancel Scenario (§5, §8): cancels the run's execution group. */
export function CancelExecutionDialog({ uuid, instance, onHide }: ExecutionDialogProps) {
  const refresh = useRefreshInstances(uuid);
  const mutation = useMutation({
    mutationFn: () => cancelExecution(instance.lastGroupId ?? ''),
    onSuccess: () => {
      notify.success(EXECUTION_MESSAGES.cancellationRequestSent);
      refresh();
      onHide();
    },
    onError: (error) => {
      refresh();
      onHide();
      if (handledGlobally(error)) return;
      // 409: the run ended before the request arrived.
      if (error instanceof ApiError && error.status === 409)
        notify.warning(EXECUTION_MESSAGES.noActiveExecution);
      else notify.error(EXECUTION_MESSAGES.failedToCancel);
    },
  });
  return (
    <ActionDialog
      header="Cancel Scenario"
      width="30rem"
      onHide={onHide}
      cancelLabel="Close"
      confirmLabel="Cancel Execution"
      confirmIcon="pi pi-stop-circle"
      danger
      busy={mutation.isPending}
      onConfirm={() => mutation.mutate()}
    >
      <p>
        Cancel the execution of <strong>{instance.name}</strong>?
      </p>
    </ActionDialog>
  );
}

/** Accept, Unaccept, Supersede (§4): a calibration instance's governance. */
export function GovernanceDialog({
  uuid,
  instance,
  onHide,
  action,
}: ExecutionDialogProps & { action: GovernanceAction }) {
  const refresh = useRefreshInstances(uuid);
  const texts = GOVERNANCE_TEXTS[action];
  const mutation = useMutation({
    mutationFn: () => governInstance(uuid, instance.id, action),
    onSuccess: () => {
      notify.success(`${instance.name} ${texts.done}`);
      refresh();
      onHide();
    },
    onError: (error) => {
      refresh();
      if (handledGlobally(error)) return;
      const messages = serverMessages(error);
      notify.error(messages[0] ?? `${texts.verb} failed`);
    },
  });
  return (
    <ActionDialog
      header={texts.header}
      width="30rem"
      onHide={onHide}
      confirmLabel={texts.verb}
      busy={mutation.isPending}
      onConfirm={() => mutation.mutate()}
    >
      <p>
        {texts.verb} <strong>{instance.name}</strong>?
      </p>
    </ActionDialog>
  );
}

/** The presigned URL names the file (content-disposition), so following a plain link downloads it. */
function openDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Downloads the run's outputs.zip, or one output file. A refusal is shown with the server's words,
 * else `fallback`; the promise never rejects.
 */
async function downloadOutput(uuid: string, instanceId: string, path: string | undefined, fallback: string) {
  try {
    const { url } = await getOutputsDownload(uuid, instanceId, path);
    openDownload(url);
  } catch (error) {
    if (handledGlobally(error)) return;
    notify.error(serverMessages(error)[0] ?? fallback);
  }
}

/** The busy key of 'Download all' (no output path is empty). */
const ALL = '';

/** Our text for a download that failed without the server's reason (the spec has none). */
const downloadFailed = (what: string) => `Failed to download ${what}`;

/**
 * 'Download files' (spec 001 §2 step 3): a run that returned files instead of a visualization offers
 * each of them, and all of them as one zip. The first file's button takes the focus.
 */
export function DownloadFilesDialog({
  uuid,
  instance,
  files,
  onHide,
}: ExecutionDialogProps & { files: readonly HashedFile[] }) {
  const [busy, setBusy] = useState<string | undefined>();
  const fetchOne = async (key: string, path: string | undefined, fallback: string) => {
    setBusy(key);
    await downloadOutput(uuid, instance.id, path, fallback);
    setBusy(undefined);
  };
  return (
    <ActionDialog
      header="Download files"
      width="40rem"
      onHide={onHide}
      cancelLabel="Close"
      confirmLabel="Download all"
      confirmIcon="pi pi-download"
      busy={busy === ALL}
      confirmDisabled={files.length === 0}
      onConfirm={() => void fetchOne(ALL, undefined, downloadFailed('the files'))}
    >
      <p>
        The run of <strong>{instance.name}</strong> returned{' '}
        {files.length === 1 ? 'this file' : 'these files'}.
      </p>
      {files.length === 0 ? (
        <p className="mr-muted">{EXECUTION_MESSAGES.noOutputs}</p>
      ) : (
        <ul className="mr-output-files" aria-label="Output files">
          {files.map((file, index) => (
            <li key={file.path} className="mr-output-files__item">
              <span className="mr-output-files__path mr-mono">{file.path}</span>
              <span className="mr-output-files__size">{formatBytes(file.bytes)}</span>
              <Button
                // The dialog's focus trap starts here rather than on its close icon.
                data-pc-autofocus={index === 0 ? 'true' : undefined}
                type="button"
                icon="pi pi-download"
                label="Download"
                size="small"
                outlined
                aria-label={`Download ${file.path}`}
                loading={busy === file.path}
                disabled={busy !== undefined && busy !== file.path}
                onClick={() => void fetchOne(file.path, file.path, downloadFailed(file.path))}
              />
            </li>
          ))}
        </ul>
      )}
    </ActionDialog>
  );
}

type OpenAction =
  | { kind: 'execute' | 'cancel' | GovernanceAction; instance: ExecutionTarget }
  | { kind: 'files'; instance: ExecutionTarget; files: readonly HashedFile[] };

/**
 * Runs an execution action on an instance: Execute, Cancel and the governance actions open their
 * confirmation; Download Results downloads the outputs.zip of a visualization result and opens
 * 'Download files' for a run that returned files. Render `dialogs` once where the actions are used.
 */
export function useExecutionActions(uuid: string): {
  run: (action: ExecutionAction, instance: ExecutionTarget) => void;
  dialogs: ReactNode;
} {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<OpenAction>();
  const close = () => setOpen(undefined);

  const downloadResults = async (instance: ExecutionTarget) => {
    let files: readonly HashedFile[] | undefined;
    try {
      const result = await queryClient.ensureQueryData(
        instanceResultQuery(uuid, instance.id, instance.lastGroupId),
      );
      if (result.result?.kind === 'files') files = result.files;
    } catch (error) {
      // The result request handles its failures itself (403 included); a 401 leads to sign-in.
      if (error instanceof ApiError && error.status === 401) return;
      notify.error(serverMessages(error)[0] ?? EXECUTION_MESSAGES.unfinishedScenario);
      return;
    }
    if (files) setOpen({ kind: 'files', instance, files });
    else await downloadOutput(uuid, instance.id, undefined, EXECUTION_MESSAGES.unfinishedScenario);
  };

  const run = (action: ExecutionAction, instance: ExecutionTarget) => {
    if (action === 'download') void downloadResults(instance);
    else setOpen({ kind: action, instance });
  };

  let dialogs: ReactNode = null;
  if (open?.kind === 'execute')
    dialogs = <ExecuteInstanceDialog uuid={uuid} instance={open.instance} onHide={close} />;
  else if (open?.kind === 'cancel')
    dialogs = <CancelExecutionDialog uuid={uuid} instance={open.instance} onHide={close} />;
  else if (open?.kind === 'files')
    dialogs = <DownloadFilesDialog uuid={uuid} instance={open.instance} files={open.files} onHide={close} />;
  else if (open)
    dialogs = <GovernanceDialog uuid={uuid} instance={open.instance} action={open.kind} onHide={close} />;
  return { run, dialogs };
}
