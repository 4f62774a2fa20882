import { LIMITS } from '@shared/constants';
import { assembleModelName, NAME_MESSAGES } from '@shared/rules/model-name';
import { normalizeRoles } from '@shared/rules/model-roles';
import type { PublishIssue } from '@shared/rules/publish-checks';
import type { ModelMetadata } from '@shared/schemas/model';
import type { ModelDetail, NameCheckResult } from '@shared/schemas/model-api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useEffect, useMemo, useRef, useState } from 'react';
import { entryFilesQuery, entryKeys } from '../../../../api/entry';
import { activeValues, metadataOptionsQuery } from '../../../../api/metadata-options';
import { checkModelName } from '../../../../api/models';
import { createVersion } from '../../../../api/versions';
import { ActionDialog } from '../../../../components/ui/action-dialog';
import { ModalDialog } from '../../../../components/ui/modal-dialog';
import { NotifyModelUsersDialog } from '../../../../components/ui/notify-model-users-dialog';
import { ReasonedButton } from '../../../../components/ui/reasoned-button';
import { type RoleFormState, stewardMetadata } from '../../../../components/ui/role-editor/role-state';
import { Spinner } from '../../../../components/ui/spinner';
import { ApiError } from '../../../../lib/api-client';
import { useCurrentUser } from '../../../../lib/current-user';
import { notify } from '../../../../lib/message-stack';
import { MetadataForm } from '../metadata-form/metadata-form';
import { compactMetadata, type MetadataErrors, metadataErrors } from '../metadata-form/metadata-rules';
import { AccessStep } from '../wizard/access-step';
import { NameCollisionDialog, PublishIssueList } from '../wizard/confirm-step';
import { serverIssuesOf } from '../wizard/model-upload-page';
import { WizardSteps } from '../wizard/wizard-steps';
import '../wizard/wizard.css';
import {
  accessSlots,
  carriableFiles,
  defaultSelection,
  externalHolders,
  filePath,
  initialMetadata,
  initialRoles,
  LAST_STEP,
  NEW_VERSION_STEPS,
  NEW_VERSION_TEXTS,
  type NewVersionSnapshot,
  type NewVersionStep,
  newVersionBody,
  readyToSave,
  rolesOnPlatform,
  saveBlock,
  stepStatus,
  versionHint,
  versionProblem,
} from './new-version-state';
import { FileTypesStep, SelectFilesStep } from './new-version-steps';

/** The name check of the save order answered "taken" (000 §4: check name uniqueness first). */
class NameTakenError extends Error {
  constructor(readonly check: NameCheckResult) {
    super('The model entry name is taken');
  }
}

/**
 * New Model Version (000 §2, an 80rem modal wizard from the detail's Version Tracking group): steps
 * Metadata, Select Files, Add File Types and Access, visited in any order. Saving (000 §4): the
 * external-user warning first, then the name check, then ONE call that creates the version with its
 * roles, steward, lineage link and copied files (POST /v2/models/{uuid}/versions), then 'Notify Model
 * Users ?', then the new entry (`onCreated`).
 */
export function NewVersionWizard({
  source,
  onHide,
  onCreated,
}: {
  source: ModelDetail;
  onHide: () => void;
  onCreated: (uuid: string) => void;
}) {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const optionsQuery = useQuery(metadataOptionsQuery());
  const filesQuery = useQuery(entryFilesQuery(source.uuid));
  const [step, setStep] = useState<NewVersionStep>(0);
  const [metadata, setMetadata] = useState<ModelMetadata>(() => initialMetadata(source));
  const [roleState, setRoleState] = useState<RoleFormState>(() => initialRoles(source, me));
  const [chosen, setChosen] = useState<Set<string> | undefined>();
  const [fileTypes, setFileTypes] = useState<Record<string, string>>({});
  const [touched, setTouched] = useState(false);
  const [nameCheck, setNameCheck] = useState<{ key: string; result: NameCheckResult } | undefined>();
  const [collision, setCollision] = useState<NameCheckResult | undefined>();
  const [externalWarning, setExternalWarning] = useState<{ publish: boolean } | undefined>();
  const [serverIssues, setServerIssues] = useState<PublishIssue[]>([]);
  const [created, setCreated] = useState<string | undefined>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  const files = useMemo(() => carriableFiles(filesQuery.data?.items ?? []), [filesQuery.data]);
  const selected = chosen ?? defaultSelection(files);
  const chosenFiles = files.filter((f) => selected.has(f.uuid));

  const fullMetadata = useMemo(
    () => compactMetadata({ ...metadata, ...stewardMetadata(roleState) }),
    [metadata, roleState],
  );
  // What the new version will hold: WebModel 2.0 roles only while its platform is WebModel 2.0. The
  // Access step edits the whole state (its hidden blocks keep their users, exclusivity included).
  const access: RoleFormState = {
    ...roleState,
    roles: rolesOnPlatform(roleState.roles, metadata.platform),
  };
  const errors = useMemo((): MetadataErrors => {
    const found = metadataErrors(metadata, optionsQuery.data);
    const version = found.version_release_of_model ? undefined : versionProblem(metadata, source);
    return version ? { ...found, version_release_of_model: version } : found;
  }, [metadata, optionsQuery.data, source]);
  const snapshot: NewVersionSnapshot = {
    metadata: fullMetadata,
    metadataErrors: errors,
    roles: access.roles,
    fileCount: chosenFiles.length,
  };
  const statuses = NEW_VERSION_STEPS.map((_, i) => stepStatus(i as NewVersionStep, snapshot));
  const generatedName = assembleModelName(fullMetadata);
  const nameKey = JSON.stringify(fullMetadata);
  const currentCheck = nameCheck?.key === nameKey ? nameCheck.result : undefined;
  const metadataValid = Object.keys(errors).length === 0;

  // The name is checked 1000 ms after the last change, once the metadata is valid (000 §5, §9).
  useEffect(() => {
    if (!metadataValid) return;
    const ac = new AbortController();
    const timer = setTimeout(() => {
      checkModelName(JSON.parse(nameKey) as ModelMetadata, undefined, { signal: ac.signal })
        .then((result) => setNameCheck({ key: nameKey, result }))
        .catch(() => undefined);
    }, LIMITS.nameCheckDebounceMs);
    return () => {
      clearTimeout(timer);
      ac.abort();
    };
  }, [nameKey, metadataValid]);

  // A step chosen by the user moves focus to its heading, so that keyboard and screen-reader users
  // start reading at the step (not on the first load: the dialog focuses its first control then).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each step change, which it reads through the ref
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [step]);
  const go = (next: NewVersionStep) => {
    moved.current = true;
    setTouched(true);
    setStep(next);
  };

  const save = useMutation({
    mutationFn: async ({ publish }: { publish: boolean }) => {
      // 000 §4 save order: the name's uniqueness first; the server enforces it again (409).
      const check = await checkModelName(fullMetadata);
      setNameCheck({ key: nameKey, result: check });
      if (!check.unique || check.problems.length > 0) throw new NameTakenError(check);
      return createVersion(
        source.uuid,
        newVersionBody({
          metadata: fullMetadata,
          roles: normalizeRoles(access.roles),
          selected: new Set(chosenFiles.map((f) => f.uuid)),
          fileTypes,
          publish,
        }),
      );
    },
    onMutate: () => setServerIssues([]),
    onSuccess: (result, { publish }) => {
      notify.success(publish ? NEW_VERSION_TEXTS.createdAndPublished : NEW_VERSION_TEXTS.createdAsDraft);
      // The source's lineage (and every list) now holds the new entry; the refetch need not hold up
      // the notify question.
      void queryClient.invalidateQueries({ queryKey: entryKeys.all });
      setCreated(result.uuid);
    },
    onError: (error) => {
      if (error instanceof NameTakenError) setCollision(error.check);
      else if (error instanceof ApiError && error.status === 409) {
        setCollision({
          name: generatedName,
          unique: false,
          problems: [error.body?.message ?? ''].filter(Boolean),
        });
      } else if (error instanceof ApiError && error.status === 422) {
        setServerIssues(serverIssuesOf(error.body));
        notify.warning(error.body?.message ?? 'The new model version cannot be saved yet.');
      }
      // Any other failure was reported by the client's global handling; the busy state ends.
    },
  });

  /** 000 §4: when any permission holder is external, the warning dialog comes first. */
  const requestSave = (publish: boolean) => {
    if (externalHolders(access).length > 0) setExternalWarning({ publish });
    else save.mutate({ publish });
  };

  if (created) {
    return (
      <NotifyModelUsersDialog
        modelUuid={created}
        action="NEW_MODEL_VERSION"
        onClose={() => onCreated(created)}
      />
    );
  }

  const busy = save.isPending;
  const saving = busy ? (save.variables?.publish ? 'publish' : 'draft') : undefined;
  const ready = readyToSave(snapshot);
  const draftBlock = saveBlock(snapshot, source, false);
  const publishBlock = saveBlock(snapshot, source, true);

  const footer = (
    <div className="mr-wizard__footer mr-new-version__footer">
      <Button label="Cancel" outlined disabled={busy} onClick={onHide} />
      <span className="mr-wizard__spacer" />
      <ReasonedButton
        label="Save as Draft"
        outlined
        blocked={busy || Boolean(draftBlock)}
        reason={draftBlock}
        loading={saving === 'draft'}
        onClick={() => requestSave(false)}
      />
      <ReasonedButton
        label="Save and Publish"
        outlined
        blocked={busy || Boolean(publishBlock)}
        reason={publishBlock}
        loading={saving === 'publish'}
        onClick={() => requestSave(true)}
      />
      {step < LAST_STEP && (
        <ReasonedButton
          label="Save & proceed"
          icon="pi pi-arrow-right"
          iconPos="right"
          blocked={busy || !ready}
          reason={ready ? undefined : NEW_VERSION_TEXTS.notReady}
          onClick={() => go((step + 1) as NewVersionStep)}
        />
      )}
    </div>
  );

  return (
    <>
      <ModalDialog
        header={NEW_VERSION_TEXTS.title}
        visible
        onHide={() => {
          if (!busy) onHide();
        }}
        style={{ width: '80rem', maxWidth: '95vw' }}
        maximizable
        draggable={false}
        footer={footer}
        className="mr-new-version"
      >
        <p className="mr-muted mr-long-name">New version of {source.name}.</p>
        <WizardSteps
          labels={NEW_VERSION_STEPS}
          statuses={statuses}
          active={step}
          readOnly={busy}
          onSelect={(index) => go(index as NewVersionStep)}
        />
        <div className="mr-wizard__body">
          <h2 ref={headingRef} tabIndex={-1}>
            {NEW_VERSION_STEPS[step]}
          </h2>
          <PublishIssueList title="Issues found by the server" issues={serverIssues} />
          {step === 0 && (
            <>
              <div className="mr-field">
                <span id="mr-new-version-name-label">Model Entry Name</span>
                <output aria-labelledby="mr-new-version-name-label" className="mr-generated-name">
                  {currentCheck?.name ?? generatedName}
                </output>
                <small className="mr-muted" aria-live="polite">
                  {currentCheck && !currentCheck.unique ? NAME_MESSAGES.notUnique : ''}
                </small>
              </div>
              <MetadataForm
                value={metadata}
                onChange={(m) => {
                  setTouched(true);
                  setMetadata(m);
                }}
                options={optionsQuery.data}
                errors={errors}
                showErrors={touched}
                disabled={busy}
                versionHint={versionHint(source)}
                changelogChoices={chosenFiles.map((f) => ({ uuid: f.uuid, name: filePath(f) }))}
              />
            </>
          )}
          {step === 1 &&
            (filesQuery.isPending ? (
              <Spinner />
            ) : (
              <SelectFilesStep files={files} selected={selected} onChange={setChosen} />
            ))}
          {step === 2 && (
            <FileTypesStep
              files={chosenFiles}
              fileTypes={fileTypes}
              knownTags={activeValues(optionsQuery.data, 'file_tag')}
              onChange={setFileTypes}
            />
          )}
          {step === 3 && (
            <AccessStep
              state={roleState}
              slots={accessSlots(metadata.platform)}
              onChange={(s) => {
                setTouched(true);
                setRoleState(s);
              }}
              actor={{ id: me.id, userType: me.userType }}
              showErrors
            />
          )}
        </div>
      </ModalDialog>

      {externalWarning && (
        <ActionDialog
          header={NEW_VERSION_TEXTS.externalTitle}
          width="36rem"
          onHide={() => setExternalWarning(undefined)}
          cancelLabel={NEW_VERSION_TEXTS.goBack}
          confirmLabel={externalWarning.publish ? 'Save and Publish' : 'Save as Draft'}
          onConfirm={() => {
            const { publish } = externalWarning;
            setExternalWarning(undefined);
            save.mutate({ publish });
          }}
        >
          <p>
            {NEW_VERSION_TEXTS.external(
              externalHolders(access).map((u) => `${u.firstName} ${u.lastName}`.trim() || u.id),
            )}
          </p>
        </ActionDialog>
      )}

      {collision && (
        <NameCollisionDialog
          name={collision.name}
          suffix={metadata.suffix ?? ''}
          problems={collision.problems}
          onHide={() => setCollision(undefined)}
          onUpdate={(suffix) => {
            setMetadata((m) => ({ ...m, suffix }));
            setCollision(undefined);
          }}
        />
      )}
    </>
  );
}
