import { MESSAGES } from '@shared/messages';
import {
  type MetadataField,
  MODEL_ROLE_LABELS,
  MODEL_STATUS_LABELS,
  type ModelMetadata,
  PLATFORM_DISPLAY_LABELS,
} from '@shared/schemas/model';
import type { ModelDetail, UserSummary } from '@shared/schemas/model-api';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { entryFilesQuery } from '../../../../api/entry';
import { userLabel } from '../../../../components/ui/user-picker/search-users';
import { formatLocalDateTime } from '../../../../lib/format';
import { fieldLabel } from '../metadata-form/metadata-form';

/** The Text View's groups follow the metadata form's sections (000 §2). */
export const TEXT_VIEW_SECTIONS: readonly { title: string; fields: readonly MetadataField[] }[] = [
  {
    title: 'Model Identification',
    fields: [
      'therapeutic_area',
      'disease',
      'product',
      'model_type',
      'study_number',
      'information_classification',
      'platform',
      'suffix',
    ],
  },
  { title: 'Country Association', fields: ['type', 'global', 'country'] },
  {
    title: 'Documentation',
    fields: [
      'veap_id',
      'revops_id',
      'objective_of_model',
      'model_development_plan',
      'notes',
      'legal_notice',
      'ext_url',
    ],
  },
  {
    title: 'Usage',
    fields: ['usage_notes', 'model_execution_environment', 'mathematica_environment', 'python_environment'],
  },
  { title: 'Stage', fields: ['stage_of_model_development'] },
  { title: 'THEOREM Oncology Model Details', fields: ['indication', 'label', 'mk_number'] },
  {
    title: 'Version Control',
    fields: [
      'version_release_of_model',
      'version_log',
      'changelog_file',
      'bitbucket_project',
      'bitbucket_repository',
      'bitbucket_path',
      'bitbucket_commit',
    ],
  },
  {
    title: 'Model Steward',
    fields: ['name_of_model_steward', 'email_for_model_steward', 'isid_of_model_steward'],
  },
];

/** The general information a preview-only caller may see. */
export const PREVIEW_FIELDS: readonly MetadataField[] = [
  'therapeutic_area',
  'disease',
  'product',
  'model_type',
  'type',
  'platform',
  'information_classification',
  'version_release_of_model',
];

export function displayValue(metadata: ModelMetadata, field: MetadataField): string | undefined {
  const value = metadata[field];
  if (value === undefined || value === null) return undefined;
  if (field === 'global') return value === 'true' ? 'Yes' : 'No';
  if (field === 'platform')
    return PLATFORM_DISPLAY_LABELS[value as keyof typeof PLATFORM_DISPLAY_LABELS] ?? String(value);
  if (field === 'veap_id') return (value as { id?: string; name?: string }).id || undefined;
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : undefined;
  const text = String(value).trim();
  return text || undefined;
}

/**
 * The changelog (000 §3 `changelog_file`) is stored as a file's uuid; readers want its name and folder.
 * Looked up in the caller's file list (shared with the Folder View's cache). A uuid that is not in the
 * list (a file since deleted, or withheld from the caller) says so instead of showing a bare id.
 */
export const CHANGELOG_NOT_AVAILABLE = 'The changelog file is not available to you';

function ChangelogFileName({ modelUuid, fileUuid }: { modelUuid: string; fileUuid: string }) {
  const files = useQuery(entryFilesQuery(modelUuid));
  if (files.isPending) return <span className="mr-muted">Loading…</span>;
  const file = files.data?.items.find((f) => f.uuid === fileUuid && !f.folder);
  if (!file) return <span className="mr-muted">{CHANGELOG_NOT_AVAILABLE}</span>;
  return <>{file.path ? `${file.path}/${file.name}` : file.name}</>;
}

function FieldList({
  metadata,
  fields,
  modelUuid,
}: {
  metadata: ModelMetadata;
  fields: readonly MetadataField[];
  /** Given where the changelog's file name may be looked up (not for preview-only callers). */
  modelUuid?: string;
}) {
  return (
    <dl className="mr-text-view__list">
      {fields.map((field) => (
        <div key={field} className="mr-text-view__item">
          <dt>{fieldLabel(field)}</dt>
          <dd>
            {field === 'changelog_file' && metadata.changelog_file && modelUuid ? (
              <ChangelogFileName modelUuid={modelUuid} fileUuid={metadata.changelog_file} />
            ) : (
              (displayValue(metadata, field) ?? <span className="mr-muted">—</span>)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function TextView({ model, previewOnly }: { model: ModelDetail; previewOnly: boolean }) {
  if (previewOnly) {
    return (
      <div className="mr-text-view">
        <p role="note" className="mr-text-view__preview">
          {MESSAGES.detailPreviewOnly}
        </p>
        <section aria-label="General information" className="mr-text-view__section">
          <h3>General information</h3>
          <FieldList metadata={model.metadata} fields={PREVIEW_FIELDS} />
        </section>
      </div>
    );
  }
  return (
    <div className="mr-text-view">
      <section aria-label="Status" className="mr-text-view__section">
        <h3>Status</h3>
        <dl className="mr-text-view__list">
          <div className="mr-text-view__item">
            <dt>Status</dt>
            <dd>{MODEL_STATUS_LABELS[model.status]}</dd>
          </div>
          <div className="mr-text-view__item">
            <dt>Created On</dt>
            <dd>{formatLocalDateTime(model.createdOn)}</dd>
          </div>
          {model.retireReason && (
            <div className="mr-text-view__item">
              <dt>Retire reason</dt>
              <dd>{model.retireReason}</dd>
            </div>
          )}
        </dl>
      </section>
      {TEXT_VIEW_SECTIONS.map((section) => (
        <section key={section.title} aria-label={section.title} className="mr-text-view__section">
          <h3>{section.title}</h3>
          <FieldList metadata={model.metadata} fields={section.fields} modelUuid={model.uuid} />
        </section>
      ))}
    </div>
  );
}

function PersonCard({ title, people }: { title: string; people: UserSummary[] }) {
  return (
    <article className="mr-person-card" aria-label={title}>
      <h3 className="mr-person-card__title">{title}</h3>
      {people.length === 0 ? (
        <p className="mr-muted">Not set</p>
      ) : (
        <ul className="mr-person-card__people">
          {people.map((p) => (
            <li key={p.id}>
              <span>{userLabel(p)}</span>
              {p.email && <small className="mr-muted">{p.email}</small>}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

/**
 * The four person cards (000 §2). They name people only: the entry's one Download action sits in
 * the page header ({@link DownloadEntryButton}), not once per card.
 */
export function PersonCards({ model, restricted }: { model: ModelDetail; restricted: boolean }) {
  if (restricted) {
    return (
      <div className="mr-person-cards">
        <article
          className="mr-person-card mr-person-card--restricted"
          aria-label={MESSAGES.detailRestrictedAccess}
        >
          <i className="pi pi-lock" aria-hidden="true" />
          <p>{MESSAGES.detailRestrictedAccess}</p>
        </article>
      </div>
    );
  }
  const user = (id: string | undefined): UserSummary[] => {
    if (!id) return [];
    return [model.users[id] ?? { id, firstName: id, lastName: '', email: '', userType: 'INTERNALUSER' }];
  };
  return (
    <div className="mr-person-cards">
      <PersonCard title="Steward Name" people={user(model.roles.steward)} />
      <PersonCard title={MODEL_ROLE_LABELS.VESTLEAD} people={user(model.roles.vestLead)} />
      <PersonCard title="Creator Name" people={user(model.createdBy)} />
      <PersonCard title="Owner Name" people={model.roles.owners.flatMap((id) => user(id))} />
    </div>
  );
}

/** Why the entry cannot be downloaded although its Download is shown. */
export const DOWNLOAD_FORBIDDEN = 'Your role on this model entry does not include downloads';

/**
 * The entry's Download (opens 'Download Model Entry'). Offered to owners, the steward, super users,
 * viewers and the lead (000 §6): the callers for whom `downloadAll` is not 'disallowed'; disabled
 * with the reason when it is 'forbidden'.
 */
export function DownloadEntryButton({ model, onDownload }: { model: ModelDetail; onDownload: () => void }) {
  const outcome = model.permissions.downloadAll;
  if (outcome === 'disallowed') return null;
  const reason = outcome === 'forbidden' ? DOWNLOAD_FORBIDDEN : undefined;
  return (
    <span title={reason}>
      <Button
        label="Download"
        icon="pi pi-download"
        outlined
        disabled={outcome !== 'allowed'}
        aria-description={reason}
        onClick={onDownload}
      />
    </span>
  );
}
