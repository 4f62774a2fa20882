import { MESSAGES } from '../messages';
import { EXTERNAL_ACCESS, type ExternalModelRole, type ExternalUserInfo } from '../schemas/external-user';
import {
  type InformationClassification,
  type Platform,
  TOP_SENSITIVITY_CLASSIFICATION,
} from '../schemas/model';
import type { ExternalUserType } from '../schemas/user';

/**
 * The rules of the external registration wizard (002 §5; issue 20 §2, §9). Pure: the wizard runs
 * them to enable Next and show messages, and POST /v2/external-users runs them again on the facts it
 * reads itself (the model's platform and classification from the table, the company domains from the
 * settings), so a hand-made request cannot get past them.
 */

export interface Issue {
  path: string;
  message: string;
}

export const EXTERNAL_REGISTRATION_MESSAGES = {
  required: MESSAGES.fieldRequired,
  invalidEmail: 'Enter a valid e-mail address.',
  companyDomain: 'Please provide an email address without the company domain.',
  purchaseOrderNumeric: 'The purchase order must be a number.',
  requestInfoLabel: 'Provide more information about your request',
  noModel: 'Select at least one model.',
  roleMissing: 'Assign a role to every selected model.',
  roleTooLong: `A role has at most ${EXTERNAL_ACCESS.roleTextMax} characters.`,
  /** 002 §5, §8 verbatim, with the kind of model filled in. */
  protectedModel: (kind: 'sensitive model' | 'Theorem model') =>
    `External user access cannot be added as this is a ${kind}.`,
  htaWebModelOnly:
    'Health Technology Assessment Representatives can only be given access to WebModel 2.0 models.',
  roleNotAllowed: (role: string, model: string) =>
    `${role} cannot be assigned to an external user on ${model}.`,
  subModelUnknown: (model: string) => `A selected sub-model does not belong to ${model}.`,
  ownerHasAllSubModels: 'A Model Owner has access to all sub-models of this model.',
  endDatePast: 'The end of access must be after today.',
  endDateTooFar: `Access can be given for at most ${EXTERNAL_ACCESS.maxAccessMonths} months at a time.`,
} as const;

/** The five roles an external user may hold, labelled as in 002 §3. */
export const EXTERNAL_ROLE_LABELS: Record<ExternalModelRole, string> = {
  OWNER: 'Model Owner',
  VIEWER: 'Model Viewer',
  CALIBRATORMODELER: 'Calibration Modeler',
  SCENARIOMODELER: 'Scenario Modeler',
  DISPLAYVIEWER: 'Model Display Viewer',
};

const WEBMODEL: Platform = 'WebModel 2.0';
const HTA_ROLES: readonly ExternalModelRole[] = ['CALIBRATORMODELER', 'SCENARIOMODELER', 'DISPLAYVIEWER'];
const ALL_ROLES: readonly ExternalModelRole[] = ['OWNER', 'VIEWER', ...HTA_ROLES];
const REPOSITORY_ROLES: readonly ExternalModelRole[] = ['OWNER', 'VIEWER'];

/** The facts of a model entry the rules need. */
export interface ExternalModelFacts {
  name: string;
  platform?: Platform | undefined;
  classification?: InformationClassification | undefined;
  /** A THEOREM (Oncology) entry. */
  theorem: boolean;
}

const isWebModel = (model: Pick<ExternalModelFacts, 'platform'>) => model.platform === WEBMODEL;

/**
 * Whether an address is an employee's: its domain is one of the company domains (a setting) or below
 * one. The wizard and the self-registration page (002 §5) both refuse such addresses.
 */
export function isCompanyEmail(email: string, companyDomains: readonly string[]): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return companyDomains.some((d) => domain === d.toLowerCase() || domain.endsWith(`.${d.toLowerCase()}`));
}

/**
 * Step 0 beyond the schema: the company domains (a setting) are refused, Vendors give a numeric
 * purchase order, Others say what they need.
 */
export function externalUserInfoIssues(
  info: Pick<ExternalUserInfo, 'email' | 'externalUserType' | 'purchaseOrderId' | 'requestInfo'>,
  companyDomains: readonly string[],
): Issue[] {
  const issues: Issue[] = [];
  if (isCompanyEmail(info.email, companyDomains)) {
    issues.push({ path: 'email', message: EXTERNAL_REGISTRATION_MESSAGES.companyDomain });
  }
  if (info.externalUserType === 'VENDOR') {
    const po = info.purchaseOrderId?.trim() ?? '';
    if (po === '') issues.push({ path: 'purchaseOrderId', message: EXTERNAL_REGISTRATION_MESSAGES.required });
    else if (!/^\d+$/.test(po)) {
      issues.push({ path: 'purchaseOrderId', message: EXTERNAL_REGISTRATION_MESSAGES.purchaseOrderNumeric });
    }
  }
  if (info.externalUserType === 'OTHER' && (info.requestInfo?.trim() ?? '') === '') {
    issues.push({ path: 'requestInfo', message: EXTERNAL_REGISTRATION_MESSAGES.required });
  }
  return issues;
}

/**
 * Why a model cannot be chosen for an external user of `type` (step 1), or undefined. THEOREM and
 * top-sensitivity entries never; HTA representatives only WebModel 2.0 entries.
 */
export function modelRefusal(model: ExternalModelFacts, type: ExternalUserType): string | undefined {
  if (model.theorem) return EXTERNAL_REGISTRATION_MESSAGES.protectedModel('Theorem model');
  if (model.classification === TOP_SENSITIVITY_CLASSIFICATION) {
    return EXTERNAL_REGISTRATION_MESSAGES.protectedModel('sensitive model');
  }
  if (type === 'HTA' && !isWebModel(model)) return EXTERNAL_REGISTRATION_MESSAGES.htaWebModelOnly;
  return undefined;
}

/**
 * The roles an external user of `type` may get on a model (step 2): Owner or Viewer on the Model
 * Repository platform (and any platform without the WebModel roles); any of the five on WebModel
 * 2.0, but only the modeler and display roles for HTA representatives, who are never owner or viewer.
 */
export function allowedExternalRoles(
  model: Pick<ExternalModelFacts, 'platform'>,
  type: ExternalUserType,
): readonly ExternalModelRole[] {
  if (isWebModel(model)) return type === 'HTA' ? HTA_ROLES : ALL_ROLES;
  return type === 'HTA' ? [] : REPOSITORY_ROLES;
}

/** Step 3 is shown only when a WebModel 2.0 model was chosen. */
export function needsSubModelStep(models: readonly Pick<ExternalModelFacts, 'platform'>[]): boolean {
  return models.some(isWebModel);
}

/** The sub-models a role on a WebModel 2.0 entry reaches: a Model Owner has all of them. */
export function effectiveSubModelIds(
  role: ExternalModelRole,
  chosen: readonly string[],
  all: readonly string[],
): string[] {
  if (role === 'OWNER') return [...all];
  const known = new Set(all);
  return [...new Set(chosen)].filter((id) => known.has(id));
}

export interface SelectedModel extends ExternalModelFacts {
  uuid: string;
  role?: ExternalModelRole | undefined;
  subModelIds?: readonly string[] | undefined;
  /** Every sub-model id of the entry (WebModel 2.0), to check the choice against. */
  allSubModelIds?: readonly string[] | undefined;
}

/** Steps 1–3 together: what stands in the way of generating the code. */
export function modelSelectionIssues(models: readonly SelectedModel[], type: ExternalUserType): Issue[] {
  if (models.length === 0)
    return [{ path: 'modelAccesses', message: EXTERNAL_REGISTRATION_MESSAGES.noModel }];
  const issues: Issue[] = [];
  models.forEach((model, index) => {
    const path = `modelAccesses.${index}`;
    const refusal = modelRefusal(model, type);
    if (refusal) {
      issues.push({ path, message: refusal });
      return;
    }
    if (!model.role) {
      issues.push({ path: `${path}.modelRole`, message: EXTERNAL_REGISTRATION_MESSAGES.roleMissing });
      return;
    }
    const label = EXTERNAL_ROLE_LABELS[model.role];
    if (label.length > EXTERNAL_ACCESS.roleTextMax) {
      issues.push({ path: `${path}.modelRole`, message: EXTERNAL_REGISTRATION_MESSAGES.roleTooLong });
    }
    if (!allowedExternalRoles(model, type).includes(model.role)) {
      issues.push({
        path: `${path}.modelRole`,
        message: EXTERNAL_REGISTRATION_MESSAGES.roleNotAllowed(label, model.name),
      });
    }
    const chosen = model.subModelIds ?? [];
    if (
      chosen.length > 0 &&
      (!isWebModel(model) || chosen.some((id) => !model.allSubModelIds?.includes(id)))
    ) {
      issues.push({
        path: `${path}.subModelIds`,
        message: EXTERNAL_REGISTRATION_MESSAGES.subModelUnknown(model.name),
      });
    }
  });
  return issues;
}

// ---------- end of access (issue 20 §9) ----------

/** `day` (yyyy-mm-dd) plus `months` calendar months, clamped to the month's last day. */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

/** `day` plus `days` days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/** The wizard's default: 12 months from today. */
export function defaultAccessEndsOn(today: string): string {
  return addMonths(today, EXTERNAL_ACCESS.defaultAccessMonths);
}

/** The last day of access must be after today and at most 24 months ahead. */
export function accessEndIssues(accessEndsOn: string, today: string): Issue[] {
  if (accessEndsOn <= today)
    return [{ path: 'accessEndsOn', message: EXTERNAL_REGISTRATION_MESSAGES.endDatePast }];
  if (accessEndsOn > addMonths(today, EXTERNAL_ACCESS.maxAccessMonths)) {
    return [{ path: 'accessEndsOn', message: EXTERNAL_REGISTRATION_MESSAGES.endDateTooFar }];
  }
  return [];
}

/** Whether the registering person is due the reminder: within 14 days of the end, not yet sent. */
export function endReminderDue(
  user: { accessEndsOn: string; endReminderSentFor?: string | undefined },
  today: string,
): boolean {
  return (
    user.endReminderSentFor !== user.accessEndsOn &&
    user.accessEndsOn >= today &&
    user.accessEndsOn <= addDays(today, EXTERNAL_ACCESS.endReminderDays)
  );
}
