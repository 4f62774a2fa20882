import { MESSAGES } from '@shared/messages';
import { EXTERNAL_REGISTRATION_MESSAGES, isCompanyEmail } from '@shared/rules/external-registration';
import {
  REGISTRATION_TEXTS,
  type SelfRegistrationBody,
  SelfRegistrationBodySchema,
} from '@shared/schemas/registration';
import { type FormEvent, type JSX, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { usePageTitle } from '../../../components/ui/page-title';
import { PlainButton as Button } from '../../../components/ui/plain-button';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useSettings } from '../../../lib/app-settings';
import { issuesToErrors } from '../../../lib/zod-resolver';
import { useSubmitRegistration } from '../api/registrations';
import { AgreementDialog } from './agreement-dialog';
import './registration.css';

type FieldName = keyof SelfRegistrationBody;

const FIELDS: readonly { name: FieldName; label: string; type: string; autoComplete: string }[] = [
  { name: 'firstName', label: 'First Name', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'Email Id', type: 'email', autoComplete: 'email' },
  { name: 'registrationCode', label: 'Registration Code', type: 'text', autoComplete: 'off' },
];

export const AGREEMENT_LABEL = 'I have read and accept the Agreement on Confidential Materials';
export const AGREEMENT_UNREAD = 'Open and read the agreement to its end before you accept it.';

/**
 * Self-registration of an external user (002 §2 "Registration page", §5; issue 20 §3). Public: the
 * person has no account yet. The four fields (no password: the password comes with the invitation
 * after approval), the agreement that must be opened and read to its end before its box can be
 * ticked, and 'Request Access to Model Repository'. The code mail's link fills the e-mail
 * (`?email=…`); the code is typed or pasted, never carried in a URL (browser history, logs). Success
 * shows 'Request Submitted Successfully!'.
 */
export function RegistrationPage(): JSX.Element {
  usePageTitle('Registration');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = useId();
  const [values, setValues] = useState<Record<FieldName, string>>({
    firstName: '',
    lastName: '',
    email: params.get('email') ?? '',
    registrationCode: '',
  });
  const [errors, setErrors] = useState<Partial<Record<FieldName | 'agreement', string>>>({});
  const [agreementOpen, setAgreementOpen] = useState(false);
  const [agreementRead, setAgreementRead] = useState(false);
  const [accepted, setAccepted] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const mutation = useSubmitRegistration();
  const companyDomains = useSettings()?.companyEmailDomains ?? [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(undefined);
    const parsed = SelfRegistrationBodySchema.safeParse(values);
    const fieldErrors: Partial<Record<FieldName | 'agreement', string>> = {};
    if (!parsed.success) {
      const issues = issuesToErrors<Record<FieldName, string>>(parsed.error.issues);
      for (const { name } of FIELDS) {
        const message = issues[name]?.message;
        if (typeof message === 'string') fieldErrors[name] = message;
      }
    }
    // Employees sign in with single sign-on; an address of the company's own domains is refused (002 §5).
    if (parsed.success && isCompanyEmail(parsed.data.email, companyDomains))
      fieldErrors.email = EXTERNAL_REGISTRATION_MESSAGES.companyDomain;
    if (!accepted) fieldErrors.agreement = agreementRead ? MESSAGES.fieldRequired : AGREEMENT_UNREAD;
    setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length > 0 || !parsed.success || mutation.isPending) return;
    try {
      await mutation.mutateAsync(parsed.data);
    } catch (error) {
      if (error instanceof ApiError && error.status !== 0) setServerError(error.message);
    }
  };

  const errorId = (name: string) => `${id}-${name}-error`;

  return (
    <main className="mr-registration">
      <div className="mr-registration__card">
        <h1 className="mr-registration__title">
          <img src="/logo.svg" alt="" width={32} height={32} />
          Request access to Model Repository
        </h1>
        <p className="mr-registration__intro">
          Enter your name, the e-mail address the registration code was sent to, and the code. An
          administrator reviews your request; you receive an e-mail with your password once it is approved.
        </p>
        <form noValidate onSubmit={(e) => void submit(e)}>
          {FIELDS.map((field) => (
            <div className="mr-field" key={field.name}>
              <label htmlFor={`${id}-${field.name}`}>
                {field.label} <span aria-hidden="true">*</span>
              </label>
              <input
                id={`${id}-${field.name}`}
                className={`p-inputtext p-component${errors[field.name] ? ' p-invalid' : ''}`}
                type={field.type}
                autoComplete={field.autoComplete}
                required
                aria-invalid={errors[field.name] ? true : undefined}
                aria-describedby={errors[field.name] ? errorId(field.name) : undefined}
                value={values[field.name]}
                onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
              />
              {errors[field.name] && (
                <small id={errorId(field.name)} className="mr-error-text">
                  {errors[field.name]}
                </small>
              )}
            </div>
          ))}
          <div className="mr-field">
            <div className="mr-registration__agreement">
              <input
                id={`${id}-agreement`}
                type="checkbox"
                checked={accepted}
                disabled={!agreementRead}
                aria-invalid={errors.agreement ? true : undefined}
                aria-describedby={`${id}-agreement-hint${errors.agreement ? ` ${errorId('agreement')}` : ''}`}
                onChange={(e) => setAccepted(e.target.checked)}
              />
              <label htmlFor={`${id}-agreement`}>{AGREEMENT_LABEL}</label>
            </div>
            <p id={`${id}-agreement-hint`} className="mr-registration__hint">
              <button type="button" className="mr-link-button" onClick={() => setAgreementOpen(true)}>
                Read the agreement
              </button>
              {agreementRead ? ' (read)' : ' — the box can be ticked once you have read it to its end.'}
            </p>
            {errors.agreement && (
              <small id={errorId('agreement')} className="mr-error-text">
                {errors.agreement}
              </small>
            )}
          </div>
          {serverError && (
            <p role="alert" className="mr-error-text">
              {serverError}
            </p>
          )}
          <Button type="submit" label={REGISTRATION_TEXTS.submit} loading={mutation.isPending} />
        </form>
        <p className="mr-registration__back">
          Already approved? <Link to={paths.login.getHref()}>Log in</Link>
        </p>
      </div>
      {agreementOpen && (
        <AgreementDialog onRead={() => setAgreementRead(true)} onHide={() => setAgreementOpen(false)} />
      )}
      {mutation.isSuccess && (
        <ModalDialog
          visible
          header={REGISTRATION_TEXTS.submitted}
          onHide={() => navigate(paths.landing.getHref())}
          style={{ width: 'min(30rem, 95vw)' }}
          footer={<Button label="OK" onClick={() => navigate(paths.landing.getHref())} />}
        >
          <p>{REGISTRATION_TEXTS.submittedDetail}</p>
        </ModalDialog>
      )}
    </main>
  );
}

export default RegistrationPage;
