import { LIMITS } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import { assembleModelName, nameProblems } from '@shared/rules/model-name';
import { normalizeRoles } from '@shared/rules/model-roles';
import type { PublishIssue } from '@shared/rules/publish-checks';
import { EMPTY_ROLES, type ModelMetadata } from '@shared/schemas/model';
import { type NameCheckResult, PublishIssueSchema } from '@shared/schemas/model-api';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { activeValues, metadataOptionsQuery } from '../../../../api/metadata-options';
import { checkModelName, modelDetailQuery, useCreateModel } from '../../../../api/models';
import { useLeaveGuard } from '../../../../components/ui/leave-guard';
import { usePageTitle } from '../../../../components/ui/page-title';
import type { RoleFormState } from '../../../../components/ui/role-editor/role-state';
import { stewardMetadata } from '../../../../components/ui/role-editor/role-state';
import { paths } from '../../../../config/paths';
import { ApiError } from '../../../../lib/api-client';
import { useCurrentUser } from '../../../../lib/current-user';
import { notify } from '../../../../lib/message-stack';
import { MetadataForm } from '../metadata-form/metadata-form';
import { compactMetadata, metadataErrors } from '../metadata-form/metadata-rules';
import { AccessStep, LineageStep } from './access-step';
import { ConfirmStep, NameCollisionDialog } from './confirm-step';
import { fileListReducer, isUploading, type WizardFile } from './file-list';
import { FilesStep } from './files-step';
import { uploadAll } from './upload-files';
import { WizardStart } from './wizard-start';
import {
  canProceed,
  canSaveDraft,
  canSavePublish,
  localPublishIssues,
  needsUpload,
  type StepIndex,
  stepStatus,
  WIZARD_STEPS,
  type WizardSnapshot,
} from './wizard-state';
import { WizardSteps } from './wizard-steps';
import './wizard.css';

const INITIAL_METADATA: ModelMetadata = { global: 'false', platform: 'Model Repository' };

/** Fields of the based-on model that describe that entry itself and are not copied. */
const NOT_COPIED: readonly (keyof ModelMetadata)[] = [
  'tree_parent_id',
  'tree_root_id',
  'changelog_file',
  'version_log',
  'suffix',
  'isid_of_model_steward',
  'email_for_model_steward',
  'name_of_model_steward',
];

export function prefillFromModel(metadata: ModelMetadata): ModelMetadata {
  const copy: ModelMetadata = { ...metadata };
  for (const field of NOT_COPIED) delete copy[field];
  return copy;
}

/**
 * The issues of a 422: publish issues carry a severity; other refusals (e.g. a role rule) carry only a
 * message and block saving.
 */
export function serverIssuesOf(body: unknown): PublishIssue[] {
  const b = (typeof body === 'object' && body !== null ? body : {}) as {
    message?: unknown;
    issues?: unknown;
  };
  const issues = Array.isArray(b.issues) ? b.issues : [];
  const parsed = issues.map((i): PublishIssue => {
    const issue = PublishIssueSchema.safeParse(i);
    if (issue.success) return issue.data;
    const message = (i as { message?: unknown })?.message;
    return {
      severity: 'ERROR_CREATE',
      message: typeof message === 'string' ? message : String(b.message ?? ''),
    };
  });
  if (parsed.length === 0 && typeof b.message === 'string')
    parsed.push({ severity: 'ERROR_CREATE', message: b.message });
  return parsed;
}

/** /model-upload: the five-step add-entry wizard (000 §2, creation order §4). */
export function ModelUploadPage() {
  usePageTitle('Add Model Entry');
  const me = useCurrentUser();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const basedOn = searchParams.get('basedOn') ?? undefined;
  const optionsQuery = useQuery(metadataOptionsQuery());
  const basedOnQuery = useQuery({ ...modelDetailQuery(basedOn ?? ''), enabled: Boolean(basedOn) });

  const [step, setStep] = useState<StepIndex>(0);
  // Steps the user has left or tried to leave: their problems show from then on.
  const [left, setLeft] = useState<Set<StepIndex>>(() => new Set());
  const [files, dispatch] = useReducer(fileListReducer, []);
  const [uploadId, setUploadId] = useState<string | undefined>();
  // The files' uploads (Save & proceed on step 1, and the saves): per-file failures are in `files`.
  const uploadMutation = useMutation({
    mutationFn: (pending: readonly WizardFile[]) => uploadAll(pending, dispatch),
    onSuccess: (result) => {
      if (result) setUploadId(result.uploadId);
    },
  });
  const createMutation = useCreateModel();
  const [metadata, setMetadata] = useState<ModelMetadata>(INITIAL_METADATA);
  // The entry the metadata was last filled from: choosing another one fills again.
  const [prefilledFrom, setPrefilledFrom] = useState<string | undefined>();
  const [roleState, setRoleState] = useState<RoleFormState>(() => ({
    roles: { ...EMPTY_ROLES, owners: [me.id] },
    users: {
      [me.id]: {
        id: me.id,
        firstName: me.firstName,
        lastName: me.lastName,
        email: me.email,
        userType: me.userType,
      },
    },
  }));
  const [nameCheck, setNameCheck] = useState<{ key: string; result: NameCheckResult } | undefined>();
  const [checking, setChecking] = useState(false);
  const [collisionOpen, setCollisionOpen] = useState(false);
  const [serverIssues, setServerIssues] = useState<PublishIssue[]>([]);
  const [dirty, setDirty] = useState(false);
  const [touched, setTouched] = useState<{ metadata?: boolean; roles?: boolean }>({});
  const done = useRef(false);
  const stepRef = useRef<StepIndex>(0);
  stepRef.current = step;

  // Second flow: based on an existing model's metadata; the URL's `basedOn` decides, so a reload or a
  // shared link keeps it. 'Start from scratch' drops it, and the metadata copied from the entry too.
  useEffect(() => {
    const data = basedOnQuery.data;
    if (basedOn && data?.uuid === basedOn && prefilledFrom !== basedOn) {
      setMetadata({ ...INITIAL_METADATA, ...prefillFromModel(data.metadata) });
      setPrefilledFrom(basedOn);
    } else if (!basedOn && prefilledFrom) {
      setMetadata(INITIAL_METADATA);
      setPrefilledFrom(undefined);
    }
  }, [basedOn, basedOnQuery.data, prefilledFrom]);

  /** The start's choice (WizardStart): an entry's uuid, or undefined for 'Start from scratch'. */
  const startFrom = (uuid: string | undefined) => {
    const next = new URLSearchParams(searchParams);
    if (uuid) next.set('basedOn', uuid);
    else next.delete('basedOn');
    setSearchParams(next, { replace: true });
    if (uuid) touch();
  };

  const fullMetadata = useMemo(
    () => compactMetadata({ ...metadata, ...stewardMetadata(roleState) }),
    [metadata, roleState],
  );
  const errors = useMemo(() => metadataErrors(metadata, optionsQuery.data), [metadata, optionsQuery.data]);
  const errorCount = Object.keys(errors).length;
  const localNameProblems = useMemo(() => nameProblems(fullMetadata), [fullMetadata]);
  const nameKey = JSON.stringify(fullMetadata);
  const currentCheck = nameCheck?.key === nameKey ? nameCheck.result : undefined;

  const snapshot: WizardSnapshot = {
    files,
    metadata: fullMetadata,
    metadataErrorCount: errorCount,
    roles: roleState.roles,
    lineage: 'new',
    nameCheck: currentCheck,
    localNameProblems,
    visited: left,
  };

  // The name check runs 1000 ms after the last change, once the metadata is complete (000 §5, §9).
  useEffect(() => {
    if (errorCount > 0 || localNameProblems.length > 0) return;
    const ac = new AbortController();
    const timer = setTimeout(() => {
      setChecking(true);
      checkModelName(JSON.parse(nameKey) as ModelMetadata, undefined, { signal: ac.signal })
        .then((result) => {
          setNameCheck({ key: nameKey, result });
          if (!result.unique && stepRef.current === 4) setCollisionOpen(true);
        })
        .catch(() => undefined)
        .finally(() => {
          if (!ac.signal.aborted) setChecking(false);
        });
    }, LIMITS.nameCheckDebounceMs);
    return () => {
      clearTimeout(timer);
      ac.abort();
    };
  }, [nameKey, errorCount, localNameProblems.length]);

  // Leaving asks first (in-app navigation and closing/reloading the tab); not after the save.
  const leaveGuard = useLeaveGuard(() => dirty && !done.current);

  const touch = useCallback(() => setDirty(true), []);
  const go = (next: StepIndex) => {
    setLeft((v) => new Set([...v, step]));
    setStep(next);
  };

  /** Uploads what is not uploaded yet; answers the upload id and the uploaded files' ids by key. */
  const runUploads = async (): Promise<{
    uploadId?: string;
    uploaded: Record<string, string>;
    failed: number;
  }> => {
    const current: Record<string, string> = {};
    for (const f of files) if (f.upload === 'uploaded' && f.uploadFileId) current[f.key] = f.uploadFileId;
    if (!needsUpload(files)) return { uploadId, uploaded: current, failed: 0 };
    const result = await uploadMutation.mutateAsync(files);
    return result ?? { uploaded: {}, failed: files.length };
  };

  const proceed = async () => {
    setLeft((v) => new Set([...v, step]));
    if (!canProceed(step, snapshot)) return;
    if (step === 0 && files.length > 0) {
      const { failed } = await runUploads();
      if (failed > 0) return;
    }
    go((step + 1) as StepIndex);
  };

  /** The body of the new entry, once the files not uploaded yet are. */
  const prepareEntry = async () => {
    const upload = await runUploads();
    // Creation order (000 §4): a failed file save only warns; the entry is created without it.
    if (upload.failed > 0) notify.warning(MESSAGES.failedToSaveFiles);
    const refs = files.flatMap((f) => {
      const uploadFileId = upload.uploaded[f.key];
      return uploadFileId
        ? [
            {
              uploadFileId,
              name: f.name,
              path: f.path,
              mainFile: f.mainFile,
              ...(f.fileTag ? { fileTag: f.fileTag } : {}),
            },
          ]
        : [];
    });
    return {
      ...(upload.uploadId && refs.length > 0 ? { uploadId: upload.uploadId } : {}),
      files: refs,
      metadata: fullMetadata,
      roles: normalizeRoles(roleState.roles),
      lineage: 'new' as const,
      ...(basedOn ? { basedOnUuid: basedOn } : {}),
    };
  };

  const save = async (publish: boolean) => {
    setServerIssues([]);
    try {
      const created = await createMutation.mutateAsync({ publish, prepare: prepareEntry });
      done.current = true;
      notify.success(publish ? MESSAGES.modelCreatedAndPublished : MESSAGES.modelCreated);
      navigate(paths.modelDetail.getHref(created.uuid));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setNameCheck({
          key: nameKey,
          result: {
            name: assembleModelName(fullMetadata),
            unique: false,
            problems: [error.body?.message ?? ''].filter(Boolean),
          },
        });
        go(4);
        setCollisionOpen(true);
      } else if (error instanceof ApiError && error.status === 422) {
        setServerIssues(serverIssuesOf(error.body));
        notify.warning(error.body?.message ?? 'The model entry cannot be saved yet.');
        go(4);
      }
    }
  };

  const statuses = WIZARD_STEPS.map((_, i) => stepStatus(i as StepIndex, snapshot));
  const uploading = uploadMutation.isPending;
  const saving = createMutation.isPending
    ? createMutation.variables?.publish
      ? 'publish'
      : 'draft'
    : undefined;
  const busy = uploading || Boolean(saving);
  const actor = { id: me.id, userType: me.userType };

  if (basedOn && basedOnQuery.isPending) return <p className="mr-page">Loading the model entry…</p>;

  return (
    <section className="mr-page mr-wizard" aria-labelledby="mr-wizard-title">
      <h1 id="mr-wizard-title">Add Model Entry</h1>
      {step !== 0 && basedOnQuery.data && (
        <p className="mr-muted mr-long-name">Based on the metadata of {basedOnQuery.data.name}.</p>
      )}
      <WizardSteps
        labels={WIZARD_STEPS}
        statuses={statuses}
        active={step}
        readOnly={busy}
        onSelect={(index) => go(index as StepIndex)}
      />

      <div className="mr-wizard__body">
        {step === 0 && (
          <WizardStart
            basedOn={
              basedOnQuery.data ? { uuid: basedOnQuery.data.uuid, name: basedOnQuery.data.name } : undefined
            }
            onScratch={() => startFrom(undefined)}
            onBasedOn={(uuid) => startFrom(uuid)}
            disabled={busy}
          />
        )}
        <h2>{WIZARD_STEPS[step]}</h2>
        {step === 0 && (
          <FilesStep
            files={files}
            dispatch={(a) => {
              touch();
              dispatch(a);
            }}
            knownTags={activeValues(optionsQuery.data, 'file_tag')}
            busy={busy}
          />
        )}
        {step === 1 && (
          <MetadataForm
            value={metadata}
            onChange={(m) => {
              touch();
              setTouched((t) => ({ ...t, metadata: true }));
              setMetadata(m);
            }}
            options={optionsQuery.data}
            errors={errors}
            showErrors={left.has(1) || Boolean(touched.metadata)}
          />
        )}
        {step === 2 && <LineageStep />}
        {step === 3 && (
          <AccessStep
            state={roleState}
            onChange={(s) => {
              touch();
              setTouched((t) => ({ ...t, roles: true }));
              setRoleState(s);
            }}
            actor={actor}
            showErrors={left.has(3) || Boolean(touched.roles)}
          />
        )}
        {step === 4 && (
          <ConfirmStep
            generatedName={assembleModelName(fullMetadata)}
            nameCheck={currentCheck}
            checking={checking}
            suffix={metadata.suffix ?? ''}
            onSuffix={(suffix) => {
              touch();
              setMetadata((m) => ({ ...m, suffix }));
            }}
            localProblems={localNameProblems}
            localIssues={localPublishIssues(snapshot)}
            serverIssues={serverIssues}
          />
        )}
      </div>

      <div className="mr-wizard__footer">
        {step > 0 && (
          <Button
            label="Back"
            outlined
            icon="pi pi-arrow-left"
            disabled={busy}
            onClick={() => go((step - 1) as StepIndex)}
          />
        )}
        <span className="mr-wizard__spacer" />
        <Button
          label="Save as Draft"
          outlined
          disabled={busy || !canSaveDraft(snapshot)}
          loading={saving === 'draft'}
          onClick={() => void save(false)}
        />
        <Button
          label="Save and Publish"
          outlined
          disabled={busy || !canSavePublish(snapshot)}
          loading={saving === 'publish'}
          onClick={() => void save(true)}
        />
        {step < 4 && (
          <Button
            label="Save & proceed"
            icon="pi pi-arrow-right"
            iconPos="right"
            disabled={busy || !canProceed(step, snapshot) || (step === 0 && isUploading(files))}
            loading={uploading}
            onClick={() => void proceed()}
          />
        )}
      </div>

      {collisionOpen && (
        <NameCollisionDialog
          name={currentCheck?.name ?? nameCheck?.result.name ?? assembleModelName(fullMetadata)}
          suffix={metadata.suffix ?? ''}
          problems={currentCheck?.problems ?? nameCheck?.result.problems ?? []}
          onHide={() => setCollisionOpen(false)}
          onUpdate={(suffix) => {
            setMetadata((m) => ({ ...m, suffix }));
            setCollisionOpen(false);
          }}
        />
      )}

      {leaveGuard}
    </section>
  );
}

export default ModelUploadPage;
