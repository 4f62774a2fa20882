import { MESSAGES } from '@shared/messages';
import { NAME_LIMITS, suffixProblems } from '@shared/rules/model-name';
import type { PublishIssue } from '@shared/rules/publish-checks';
import type { NameCheckResult } from '@shared/schemas/model-api';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { useEffect, useId, useState } from 'react';
import { ActionDialog } from '../../../../components/ui/action-dialog';

const SEVERITY_TAG: Record<PublishIssue['severity'], { label: string; severity: 'warning' | 'danger' }> = {
  WARNING: { label: 'Warning', severity: 'warning' },
  ERROR_PUBLISH: { label: 'Blocks publishing', severity: 'danger' },
  ERROR_CREATE: { label: 'Blocks saving', severity: 'danger' },
};

export function PublishIssueList({ issues, title }: { issues: readonly PublishIssue[]; title: string }) {
  if (issues.length === 0) return null;
  return (
    <section className="mr-publish-issues" aria-label={title}>
      <h3>{title}</h3>
      <ul>
        {issues.map((i) => (
          <li key={`${i.severity}-${i.message}`}>
            <Tag value={SEVERITY_TAG[i.severity].label} severity={SEVERITY_TAG[i.severity].severity} />{' '}
            {i.message}
          </li>
        ))}
      </ul>
    </section>
  );
}

function SuffixInput({
  value,
  onChange,
  problems,
  autoFocus,
}: {
  value: string;
  onChange: (v: string) => void;
  problems: readonly string[];
  autoFocus?: boolean;
}) {
  const id = useId();
  const errorId = useId();
  return (
    <div className="mr-field">
      <label htmlFor={id}>Suffix</label>
      <InputText
        id={id}
        value={value}
        autoFocus={autoFocus}
        invalid={problems.length > 0}
        aria-invalid={problems.length > 0}
        aria-describedby={problems.length > 0 ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      <small className="mr-muted">
        {value.length}/{NAME_LIMITS.suffixMax}
      </small>
      {problems.length > 0 && (
        <small id={errorId} role="alert" className="mr-error-text">
          {problems.join(' ')}
        </small>
      )}
    </div>
  );
}

/** "Model entry's name collision": the generated name plus a custom suffix, 'Update suffix'. */
export function NameCollisionDialog({
  name,
  suffix,
  problems,
  onUpdate,
  onHide,
}: {
  name: string;
  suffix: string;
  problems: readonly string[];
  onUpdate: (suffix: string) => void;
  onHide: () => void;
}) {
  const [draft, setDraft] = useState(suffix);
  useEffect(() => setDraft(suffix), [suffix]);
  // The box holds what the Confirm step holds (000 §5: suffix at most 200, and free text without
  // control or bidirectional characters): a bad suffix is refused here, not later by the server.
  const draftProblems = suffixProblems(draft);
  return (
    <ActionDialog
      header={MESSAGES.nameCollisionTitle}
      width="40rem"
      onHide={onHide}
      draggable
      confirmLabel={MESSAGES.updateSuffix}
      confirmIcon="pi pi-check"
      confirmDisabled={draftProblems.length > 0}
      onConfirm={() => {
        if (draftProblems.length === 0) onUpdate(draft.trim());
      }}
    >
      <p className="mr-long-name">
        A model entry named <strong>{name}</strong> exists already.
      </p>
      <p className="mr-error-text">
        {problems.join(' ') || 'Change Suffix in order to make your Model Entry Name unique.'}
      </p>
      <SuffixInput value={draft} onChange={setDraft} problems={draftProblems} autoFocus />
    </ActionDialog>
  );
}

export interface ConfirmStepProps {
  generatedName: string;
  nameCheck?: NameCheckResult;
  checking: boolean;
  suffix: string;
  onSuffix: (suffix: string) => void;
  localProblems: readonly string[];
  localIssues: readonly PublishIssue[];
  serverIssues: readonly PublishIssue[];
}

/** Step 5: the generated name, checked for uniqueness 1000 ms after the last change. */
export function ConfirmStep({
  generatedName,
  nameCheck,
  checking,
  suffix,
  onSuffix,
  localProblems,
  localIssues,
  serverIssues,
}: ConfirmStepProps) {
  const problems = [...new Set([...localProblems, ...(nameCheck?.problems ?? [])])];
  return (
    <div className="mr-confirm-step">
      <div className="mr-field">
        <span id="mr-generated-name-label">Model Entry Name</span>
        <output aria-labelledby="mr-generated-name-label" className="mr-generated-name">
          {nameCheck?.name ?? generatedName}
        </output>
        <small className="mr-muted" aria-live="polite">
          {checking
            ? 'Checking the name…'
            : nameCheck?.unique && problems.length === 0
              ? 'The name is available.'
              : ''}
        </small>
      </div>
      <SuffixInput value={suffix} onChange={onSuffix} problems={problems} />
      <PublishIssueList title="Issues found by the server" issues={serverIssues} />
      <PublishIssueList title="Before publishing" issues={localIssues} />
    </div>
  );
}
