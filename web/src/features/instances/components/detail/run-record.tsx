import type { InstanceResult, RunRecordView } from '@shared/schemas/execution-api';
import { type HashedFile, RUNNER_LIMITS } from '@shared/schemas/run-result';
import { MODEL_LANGUAGE_LABELS } from '@shared/sub-models/sub-model';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Panel } from 'primereact/panel';
import type { ReactNode } from 'react';
import { formatBytes, formatDateTime } from '../../../../lib/format';
import { notify } from '../../../../lib/message-stack';
import { formatDuration, shortHash } from './run-format';

/**
 * The parts of the instance detail that describe a run (issue 11 §4, "reproducibility record"): the
 * record itself, the non-deterministic warning, the model's stdout and stderr, and the run's notes.
 * The spec has none of these; names and texts are ours.
 */

/** Our texts for the run parts of the detail page. */
export const RUN_TEXTS = {
  copied: 'Copied to the clipboard',
  copyFailed: 'The browser did not allow copying: select the value instead.',
  nonDeterministic: (runs: number, results: number) =>
    `Non-deterministic: ${runs} runs of this model entry had the same model files, parameter files and input values, but gave ${results} different results. Running this scenario again may not reproduce these numbers. Check the model for random numbers without a fixed seed, for use of the date or time, and for files it reads from outside its inputs.`,
  noResultHash: 'None (the run wrote no result)',
  /**
   * The "Runs with the same inputs" fact, from what the API counts: completed runs of the entry with
   * this input fingerprint and their distinct result hashes (issue 21 §9: "2 (1 different result)"
   * read as a disagreement when all runs agreed, and a failed run showed "0 (0 different results)").
   */
  sameInputs: (view: Pick<RunRecordView, 'sameInputRuns' | 'distinctResults' | 'nonDeterministic'>) => {
    if (view.sameInputRuns === 0) return 'No completed run with these inputs';
    if (view.nonDeterministic)
      return `${view.sameInputRuns} runs, with ${view.distinctResults} different results`;
    return view.sameInputRuns === 1
      ? '1 run: this one'
      : `${view.sameInputRuns} runs, all with the same result`;
  },
  emptyLog: (stream: string) => `Nothing was written to ${stream}.`,
  droppedBytes: (bytes: number) =>
    `The first ${formatBytes(bytes)} were dropped: only the last ${formatBytes(RUNNER_LIMITS.logTailBytes)} are kept.`,
} as const;

async function copy(value: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(value);
    notify.success(RUN_TEXTS.copied);
  } catch {
    notify.warning(RUN_TEXTS.copyFailed);
  }
}

/**
 * A SHA-256 in monospace, shortened for the eye: the full value is in its title, read by screen
 * readers and copied by its button.
 */
export function HashValue({ value, label }: { value: string; label: string }) {
  return (
    <span className="mr-hash">
      <code className="mr-mono" title={value}>
        <span aria-hidden="true">{shortHash(value)}</span>
        <span className="mr-visually-hidden">{value}</span>
      </code>
      <Button
        type="button"
        icon="pi pi-copy"
        text
        rounded
        size="small"
        className="mr-hash__copy"
        aria-label={`Copy ${label}`}
        onClick={() => void copy(value)}
      />
    </span>
  );
}

function Fact({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div>
      <dt>{name}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A table of hashed files (model, parameter or output files). */
export function HashedFiles({ caption, files }: { caption: string; files: readonly HashedFile[] }) {
  if (files.length === 0)
    return (
      <p>
        <strong>{caption}:</strong> <span className="mr-muted">none</span>
      </p>
    );
  return (
    <table className="mr-hashed-files">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">File</th>
          <th scope="col">Size</th>
          <th scope="col">SHA-256</th>
        </tr>
      </thead>
      <tbody>
        {files.map((file) => (
          <tr key={file.path}>
            <td className="mr-mono">{file.path}</td>
            <td>{formatBytes(file.bytes)}</td>
            <td>
              <HashValue value={file.sha256} label={`SHA-256 of ${file.path}`} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The non-deterministic warning: shown only when the record says so. */
export function NonDeterministicWarning({ view }: { view: RunRecordView }) {
  if (!view.nonDeterministic) return null;
  return (
    <Message
      severity="warn"
      className="mr-run-warning"
      text={RUN_TEXTS.nonDeterministic(view.sameInputRuns, view.distinctResults)}
    />
  );
}

/** The reproducibility record of a run, and the output files with their hashes. */
export function RunRecordPanel({
  view,
  outputFiles,
}: {
  view: RunRecordView;
  outputFiles: readonly HashedFile[];
}) {
  const { record } = view;
  const packages = Object.entries(record.runtime.packages).sort(([a], [b]) => a.localeCompare(b));
  return (
    <section className="mr-run-record" aria-labelledby="mr-run-record-heading">
      <h3 id="mr-run-record-heading">Reproducibility Record</h3>
      <dl className="mr-run-record__facts">
        <Fact name="Ran by">{view.ranBy.name}</Fact>
        <Fact name="Requested on">{formatDateTime(view.requestedOn)}</Fact>
        <Fact name="Started">{formatDateTime(record.startedOn)}</Fact>
        <Fact name="Finished">{formatDateTime(record.finishedOn)}</Fact>
        <Fact name="Duration">{formatDuration(record.durationMs)}</Fact>
        <Fact name="Exit code">{record.exitCode ?? 'none'}</Fact>
        <Fact name="Signal">{record.signal ?? 'none'}</Fact>
        <Fact name="Sub-model">
          {view.subModel.name} (version {view.subModel.version})
        </Fact>
        <Fact name="Language">{MODEL_LANGUAGE_LABELS[record.language]}</Fact>
        <Fact name="Runtime">{record.runtime.version}</Fact>
        <Fact name="Runner image">
          <code className="mr-mono">{record.runnerImage}</code>
        </Fact>
        {record.entry && (
          <Fact name="Entry file">
            <code className="mr-mono">{record.entry}</code>
          </Fact>
        )}
        <Fact name="Packages">
          {packages.length === 0 ? (
            'none'
          ) : (
            <ul className="mr-run-record__packages">
              {packages.map(([name, version]) => (
                <li key={name}>
                  <span className="mr-mono">{name}</span> {version}
                </li>
              ))}
            </ul>
          )}
        </Fact>
        <Fact name="Input document SHA-256">
          <HashValue value={record.inputSha256} label="SHA-256 of the input document" />
        </Fact>
        <Fact name="Result SHA-256">
          {record.resultSha256 ? (
            <HashValue value={record.resultSha256} label="SHA-256 of the result" />
          ) : (
            RUN_TEXTS.noResultHash
          )}
        </Fact>
        <Fact name="Input fingerprint">
          <HashValue value={view.inputFingerprint} label="input fingerprint" />
        </Fact>
        <Fact name="Runs with the same inputs">{RUN_TEXTS.sameInputs(view)}</Fact>
      </dl>
      <HashedFiles caption="Model files" files={record.modelFiles} />
      <HashedFiles caption="Parameter files" files={record.parameterFiles} />
      {outputFiles.length > 0 && <HashedFiles caption="Output files" files={outputFiles} />}
    </section>
  );
}

type LogTail = NonNullable<InstanceResult['logs']>['stdout'];

function LogPanel({
  stream,
  title,
  tail,
  open,
}: {
  stream: string;
  title: string;
  tail: LogTail;
  open: boolean;
}) {
  return (
    // Uncontrolled: `collapsed` is only where it starts.
    <Panel header={title} toggleable collapsed={!open} className="mr-run-log">
      {tail.droppedBytes > 0 && <p className="mr-muted">{RUN_TEXTS.droppedBytes(tail.droppedBytes)}</p>}
      {tail.text === '' ? (
        <p className="mr-muted">{RUN_TEXTS.emptyLog(stream)}</p>
      ) : (
        // The scrolling box takes the focus so that keyboard users can scroll it (WCAG 2.1.1); the
        // panel's region already names it.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
        <pre className="mr-run-log__text mr-mono" tabIndex={0}>
          {tail.text}
        </pre>
      )}
    </Panel>
  );
}

/** The model's stdout and stderr tails; stderr starts open when the run failed. */
export function RunLogs({ logs, failed }: { logs: NonNullable<InstanceResult['logs']>; failed: boolean }) {
  return (
    <section className="mr-run-logs" aria-labelledby="mr-run-logs-heading">
      <h3 id="mr-run-logs-heading">Model Output</h3>
      <LogPanel stream="stdout" title="Standard output (stdout)" tail={logs.stdout} open={false} />
      <LogPanel stream="stderr" title="Standard error (stderr)" tail={logs.stderr} open={failed} />
    </section>
  );
}

/** Things the modeler should know about a run that worked (e.g. macros not run). */
export function RunNotes({ notes }: { notes: readonly string[] }) {
  if (notes.length === 0) return null;
  return (
    <section className="mr-run-notes" aria-labelledby="mr-run-notes-heading">
      <h3 id="mr-run-notes-heading">Notes</h3>
      <ul>
        {notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </section>
  );
}
