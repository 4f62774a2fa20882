import {
  accessEndIssues,
  allowedExternalRoles,
  defaultAccessEndsOn,
  EXTERNAL_ROLE_LABELS,
  effectiveSubModelIds,
  externalUserInfoIssues,
  EXTERNAL_REGISTRATION_MESSAGES as M,
  modelRefusal,
  modelSelectionIssues,
  needsSubModelStep,
  utcDay,
} from '@shared/rules/external-registration';
import { EXTERNAL_USER_MESSAGES } from '@shared/rules/external-user-status';
import {
  type EligibleModel,
  type ExternalModelRole,
  ExternalUserInfoSchema,
} from '@shared/schemas/external-user';
import { EXTERNAL_USER_TYPE_LABELS, type ExternalUserType } from '@shared/schemas/user';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Steps } from 'primereact/steps';
import { useId, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ActionDialog } from '../../../components/ui/action-dialog';
import { usePageTitle } from '../../../components/ui/page-title';
import { tickColumn } from '../../../components/ui/tick-column';
import { paths } from '../../../config/paths';
import { useSettings } from '../../../lib/app-settings';
import { notify } from '../../../lib/message-stack';
import { eligibleModelsQuery, useRegisterExternalUser } from '../api/external-users';
import './external-users.css';

const STEPS = [
  { label: 'User Info' },
  { label: 'Select Models' },
  { label: 'Assign Roles' },
  { label: 'Sub-models' },
  { label: 'Review' },
];

interface Info {
  firstName: string;
  lastName: string;
  email: string;
  externalUserType: ExternalUserType | '';
  purchaseOrderId: string;
  requestInfo: string;
  accessEndsOn: string;
}

/** Step 0's problems by field: the shared schema (required, trimmed, e-mail) and the rules (§5). */
export function infoIssues(info: Info, companyDomains: readonly string[]): Record<string, string> {
  const issues: Record<string, string> = {};
  const parsed = ExternalUserInfoSchema.safeParse({
    ...info,
    externalUserType: info.externalUserType || undefined,
    purchaseOrderId: info.purchaseOrderId || undefined,
    requestInfo: info.requestInfo || undefined,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]);
      issues[key] ??=
        issue.code === 'invalid_value' || issue.input === undefined ? M.required : issue.message;
    }
  }
  if (parsed.success) {
    for (const i of externalUserInfoIssues(parsed.data, companyDomains)) issues[i.path] ??= i.message;
  }
  for (const i of accessEndIssues(info.accessEndsOn, utcDay(new Date()))) issues[i.path] ??= i.message;
  return issues;
}

function Field({
  label,
  error,
  children,
}: {
  label: string;
  error?: string | undefined;
  children: (id: string, describedBy?: string) => React.ReactNode;
}) {
  const id = useId();
  return (
    <div className="mr-field">
      <label htmlFor={id}>{label}</label>
      {children(id, error ? `${id}-error` : undefined)}
      {error && (
        <small id={`${id}-error`} className="mr-error-text" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}

/**
 * The external registration wizard (/externalization/user/enroll; 002 §2, §5; issue 20 §9).
 * Step 0 the person (names trimmed, e-mail lowercased, company domains refused, purchase order for a
 * Vendor, request information for Other, the last day of access, 12 months by default); step 1 the
 * models the caller manages (HTA: WebModel 2.0 only; THEOREM and top-sensitivity entries refused
 * with the spec's text); step 2 a role per model (only the roles the platform and user type allow;
 * select all, bulk assignment and row delete); step 3 the sub-models of each WebModel 2.0 model in
 * turn (all of them for a Model Owner, with the note); step 4 the review and Generate. Next stays
 * disabled until the step is valid; the server checks everything again.
 */
export function ExternalUserEnrollPage() {
  usePageTitle('Register External User');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const settings = useSettings();
  const models = useQuery(eligibleModelsQuery());
  const register = useRegisterExternalUser();
  const [step, setStep] = useState(0);
  const [touched, setTouched] = useState(false);
  const [info, setInfo] = useState<Info>({
    firstName: search.get('firstName') ?? '',
    lastName: search.get('lastName') ?? '',
    email: search.get('email') ?? '',
    externalUserType: '',
    purchaseOrderId: '',
    requestInfo: '',
    accessEndsOn: defaultAccessEndsOn(utcDay(new Date())),
  });
  const [chosen, setChosen] = useState<string[]>([]);
  const [roles, setRoles] = useState<Record<string, ExternalModelRole | undefined>>({});
  const [subModels, setSubModels] = useState<Record<string, string[]>>({});
  const [bulkSelection, setBulkSelection] = useState<EligibleModel[]>([]);
  const [webIndex, setWebIndex] = useState(0);
  const [reviewing, setReviewing] = useState(false);

  const type = (info.externalUserType || 'VENDOR') as ExternalUserType;
  const byUuid = useMemo(() => new Map((models.data?.items ?? []).map((m) => [m.uuid, m])), [models.data]);
  const selected = chosen.map((uuid) => byUuid.get(uuid)).filter((m): m is EligibleModel => m !== undefined);
  const webModels = selected.filter((m) => m.platform === 'WebModel 2.0');
  const issues0 = infoIssues(info, settings?.companyEmailDomains ?? []);
  const facts = (m: EligibleModel) => ({
    name: m.name,
    platform: m.platform,
    classification: m.classification,
    theorem: m.theorem,
  });
  const selection = selected.map((m) => ({
    ...facts(m),
    uuid: m.uuid,
    role: roles[m.uuid],
    subModelIds: subModels[m.uuid] ?? [],
    allSubModelIds: m.subModels.map((s) => s.id),
  }));
  const selectionIssues = modelSelectionIssues(selection, type);
  const stepValid = [
    Object.keys(issues0).length === 0,
    selected.length > 0 && selected.every((m) => !modelRefusal(facts(m), type)),
    selectionIssues.length === 0,
    true,
    true,
  ];
  const showSubModels = needsSubModelStep(selected);

  const next = () => {
    setTouched(true);
    if (!stepValid[step]) return;
    setTouched(false);
    if (step === 2 && !showSubModels) setStep(4);
    else if (step === 3 && webIndex < webModels.length - 1) setWebIndex(webIndex + 1);
    else setStep(step + 1);
    if (step === 4 - 1 || (step === 2 && !showSubModels)) setReviewing(true);
  };
  const back = () => {
    if (step === 3 && webIndex > 0) setWebIndex(webIndex - 1);
    else if (step === 4 && !showSubModels) setStep(2);
    else setStep(Math.max(0, step - 1));
  };

  const generate = () => {
    const parsed = ExternalUserInfoSchema.parse({
      ...info,
      purchaseOrderId: info.externalUserType === 'VENDOR' ? info.purchaseOrderId : undefined,
      requestInfo: info.externalUserType === 'OTHER' ? info.requestInfo : undefined,
    });
    register.mutate(
      {
        ...parsed,
        accessEndsOn: info.accessEndsOn,
        modelAccesses: selected.map((m) => {
          const modelRole = roles[m.uuid] ?? 'VIEWER';
          const all = m.subModels.map((s) => s.id);
          return {
            modelUuid: m.uuid,
            modelRole,
            subModelIds:
              m.platform === 'WebModel 2.0'
                ? effectiveSubModelIds(modelRole, subModels[m.uuid] ?? [], all)
                : [],
          };
        }),
      },
      {
        onSuccess: () => {
          notify.success(EXTERNAL_USER_MESSAGES.codeEmailed);
          navigate(paths.externalizationList.getHref());
        },
      },
    );
  };

  const setField = (key: keyof Info) => (value: string) => setInfo((i) => ({ ...i, [key]: value }));
  const err = (key: string) => (touched ? issues0[key] : undefined);
  const models1 = (models.data?.items ?? []).map((m) => ({
    ...m,
    refusal: m.refusal ?? modelRefusal(facts(m), type),
  }));
  const web = webModels[webIndex];

  return (
    <section className="mr-page">
      <h1>Register External User</h1>
      <Steps
        model={STEPS.filter((_, i) => i !== 3 || showSubModels)}
        activeIndex={step === 4 && !showSubModels ? 3 : step}
        className="mr-external-wizard__steps"
        readOnly
      />

      {step === 0 && (
        <div className="mr-external-wizard__form">
          <Field label="First Name" error={err('firstName')}>
            {(id, d) => (
              <InputText
                id={id}
                aria-describedby={d}
                value={info.firstName}
                onChange={(e) => setField('firstName')(e.target.value)}
              />
            )}
          </Field>
          <Field label="Last Name" error={err('lastName')}>
            {(id, d) => (
              <InputText
                id={id}
                aria-describedby={d}
                value={info.lastName}
                onChange={(e) => setField('lastName')(e.target.value)}
              />
            )}
          </Field>
          <Field label="Email" error={err('email')}>
            {(id, d) => (
              <InputText
                id={id}
                aria-describedby={d}
                type="email"
                value={info.email}
                onChange={(e) => setField('email')(e.target.value)}
              />
            )}
          </Field>
          <Field label="User Type" error={err('externalUserType')}>
            {(id, d) => (
              <Dropdown
                inputId={id}
                aria-describedby={d}
                value={info.externalUserType || null}
                options={(Object.keys(EXTERNAL_USER_TYPE_LABELS) as ExternalUserType[]).map((t) => ({
                  label: EXTERNAL_USER_TYPE_LABELS[t],
                  value: t,
                }))}
                onChange={(e) => setField('externalUserType')(e.value as string)}
                placeholder="Select a user type"
              />
            )}
          </Field>
          {info.externalUserType === 'VENDOR' && (
            <Field label="Purchase Order" error={err('purchaseOrderId')}>
              {(id, d) => (
                <InputText
                  id={id}
                  aria-describedby={d}
                  inputMode="numeric"
                  value={info.purchaseOrderId}
                  onChange={(e) => setField('purchaseOrderId')(e.target.value)}
                />
              )}
            </Field>
          )}
          {info.externalUserType === 'OTHER' && (
            <Field label={M.requestInfoLabel} error={err('requestInfo')}>
              {(id, d) => (
                <InputTextarea
                  id={id}
                  aria-describedby={d}
                  rows={3}
                  value={info.requestInfo}
                  onChange={(e) => setField('requestInfo')(e.target.value)}
                />
              )}
            </Field>
          )}
          <Field label="Access ends on" error={err('accessEndsOn')}>
            {(id, d) => (
              <input
                id={id}
                aria-describedby={d}
                className="p-inputtext"
                type="date"
                value={info.accessEndsOn}
                onChange={(e) => setField('accessEndsOn')(e.target.value)}
              />
            )}
          </Field>
        </div>
      )}

      {step === 1 && (
        <DataTable
          value={models1}
          dataKey="uuid"
          cellMemo={false}
          loading={models.isLoading}
          emptyMessage="No records were found"
          size="small"
          aria-label="Models"
        >
          {tickColumn({
            rows: models1,
            selected: chosen,
            keyOf: (m) => m.uuid,
            labelOf: (m) => m.name,
            isDisabled: (m) => Boolean(m.refusal),
            onChange: setChosen,
          })}
          <Column header="Model" field="name" />
          <Column header="Platform" field="platform" />
          <Column header="Classification" field="classification" />
          <Column header="" body={(m: { refusal?: string }) => m.refusal ?? ''} />
        </DataTable>
      )}

      {step === 2 && (
        <>
          <div className="mr-external-wizard__toolbar">
            <span>{bulkSelection.length} selected files</span>
            <Dropdown
              aria-label="Assign a role to the selected models"
              placeholder="Assign role to selected"
              disabled={bulkSelection.length === 0}
              options={(Object.keys(EXTERNAL_ROLE_LABELS) as ExternalModelRole[])
                .filter((r) => bulkSelection.every((m) => allowedExternalRoles(m, type).includes(r)))
                .map((r) => ({ label: EXTERNAL_ROLE_LABELS[r], value: r }))}
              onChange={(e) =>
                setRoles((all) => ({
                  ...all,
                  ...Object.fromEntries(bulkSelection.map((m) => [m.uuid, e.value as ExternalModelRole])),
                }))
              }
            />
          </div>
          <DataTable value={selected} dataKey="uuid" cellMemo={false} size="small" aria-label="Roles">
            {tickColumn({
              rows: selected,
              selected: bulkSelection.map((m) => m.uuid),
              keyOf: (m) => m.uuid,
              labelOf: (m) => m.name,
              onChange: (uuids) => setBulkSelection(selected.filter((m) => uuids.includes(m.uuid))),
            })}
            <Column header="Model" field="name" />
            <Column header="Platform" field="platform" />
            <Column
              header="Role"
              body={(m: EligibleModel) => (
                <Dropdown
                  aria-label={`Role on ${m.name}`}
                  value={roles[m.uuid] ?? null}
                  placeholder="Select a role"
                  options={allowedExternalRoles(m, type).map((r) => ({
                    label: EXTERNAL_ROLE_LABELS[r],
                    value: r,
                  }))}
                  onChange={(e) => setRoles((all) => ({ ...all, [m.uuid]: e.value as ExternalModelRole }))}
                />
              )}
            />
            <Column
              header={<span className="p-sr-only">Remove</span>}
              body={(m: EligibleModel) => (
                <Button
                  type="button"
                  text
                  icon="pi pi-trash"
                  aria-label={`Remove ${m.name}`}
                  onClick={() => setChosen((c) => c.filter((u) => u !== m.uuid))}
                />
              )}
            />
          </DataTable>
          {touched && selectionIssues[0] && (
            <p className="mr-error-text" role="alert">
              {selectionIssues[0].message}
            </p>
          )}
        </>
      )}

      {step === 3 && web && (
        <>
          <h2>
            {web.name} ({webIndex + 1} of {webModels.length})
          </h2>
          {roles[web.uuid] === 'OWNER' && (
            <p className="mr-external-wizard__note">{M.ownerHasAllSubModels}</p>
          )}
          {(['calibration', 'scenario'] as const).map((kind) => {
            const rows = web.subModels.filter((s) => s.type === kind);
            const owner = roles[web.uuid] === 'OWNER';
            const ids = owner ? rows.map((s) => s.id) : (subModels[web.uuid] ?? []);
            return (
              <DataTable
                key={kind}
                header={kind === 'calibration' ? 'Calibration Management' : 'Scenario Management'}
                value={rows}
                dataKey="id"
                cellMemo={false}
                emptyMessage="No records were found"
                size="small"
                aria-label={kind === 'calibration' ? 'Calibration Management' : 'Scenario Management'}
              >
                {tickColumn({
                  rows,
                  selected: rows.filter((r) => ids.includes(r.id)).map((r) => r.id),
                  keyOf: (r) => r.id,
                  labelOf: (r) => r.name,
                  isDisabled: () => owner,
                  onChange: (picked) => {
                    const others = (subModels[web.uuid] ?? []).filter((id) => !rows.some((r) => r.id === id));
                    setSubModels((all) => ({ ...all, [web.uuid]: [...others, ...picked] }));
                  },
                })}
                <Column header="Name" field="name" />
                <Column header="Created By" field="createdBy" />
                <Column
                  header="Modified On"
                  body={(s: { modifiedOn?: string }) => s.modifiedOn?.slice(0, 10) ?? ''}
                />
              </DataTable>
            );
          })}
        </>
      )}

      {step === 4 && <p>Review the registration, then generate the code.</p>}

      <div className="mr-external-wizard__buttons">
        <Button
          type="button"
          label="Cancel"
          outlined
          onClick={() => navigate(paths.externalizationList.getHref())}
        />
        {step > 0 && <Button type="button" label="Back" outlined onClick={back} />}
        {step < 4 && (
          <Button type="button" label="Next" onClick={next} disabled={touched && !stepValid[step]} />
        )}
        {step === 4 && <Button type="button" label="Review" onClick={() => setReviewing(true)} />}
      </div>

      {reviewing && step === 4 && (
        <ActionDialog
          header="Review"
          width="40rem"
          onHide={() => setReviewing(false)}
          confirmLabel="Generate"
          busy={register.isPending}
          onConfirm={generate}
        >
          <dl className="mr-external-users__info">
            <dt>Name</dt>
            <dd>
              {info.firstName.trim()} {info.lastName.trim()}
            </dd>
            <dt>Email</dt>
            <dd>{info.email.trim().toLowerCase()}</dd>
            <dt>User Type</dt>
            <dd>{info.externalUserType && EXTERNAL_USER_TYPE_LABELS[info.externalUserType]}</dd>
            <dt>Access ends on</dt>
            <dd>{info.accessEndsOn}</dd>
          </dl>
          <ul>
            {selected.map((m) => {
              const role = roles[m.uuid];
              const count =
                role && m.platform === 'WebModel 2.0'
                  ? effectiveSubModelIds(
                      role,
                      subModels[m.uuid] ?? [],
                      m.subModels.map((s) => s.id),
                    ).length
                  : 0;
              return (
                <li key={m.uuid}>
                  {m.name}: {role ? EXTERNAL_ROLE_LABELS[role] : ''}
                  {m.platform === 'WebModel 2.0' ? `, ${count} sub-models` : ''}
                </li>
              );
            })}
          </ul>
        </ActionDialog>
      )}
    </section>
  );
}

export default ExternalUserEnrollPage;
