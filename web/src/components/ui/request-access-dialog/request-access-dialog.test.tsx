import { ACCESS_REQUEST_REASONS } from '@shared/schemas/collaboration';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { validateAccessRequest } from '../../../lib/access-validation';
import { clearMessages, getMessages } from '../../../lib/message-stack';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../../testing/fetch-stubs';
import { UUID_A, UUID_B } from '../../../testing/model-fixtures';
import { withQueryClient } from '../../../testing/render';
import { RequestAccessDialog, type RequestAccessTarget } from './request-access-dialog';

vi.mock('../../../lib/auth', () => import('../../../testing/auth-stub'));

const [HTA, INTERNAL, DECISION, OTHER] = ACCESS_REQUEST_REASONS;
const MODEL: RequestAccessTarget = { kind: 'model', modelUuid: UUID_A, modelName: 'Lung model' };
const FILE: RequestAccessTarget = {
  kind: 'file',
  modelUuid: UUID_A,
  fileUuid: UUID_B,
  fileName: 'model.xlsx',
};

beforeEach(() => configureTestApi());
afterEach(() => {
  vi.unstubAllGlobals();
  clearMessages();
  window.sessionStorage.clear();
});

const bodyOf = (call: { init: RequestInit } | undefined) => JSON.parse(String(call?.init.body));
const texts = () => getMessages().map((m) => m.text);

describe('request access rules (000 §5)', () => {
  it('needs a reason', () => {
    expect(validateAccessRequest([], '')).toEqual({ reasons: 'This field is required.' });
    expect(validateAccessRequest([HTA as never], '')).toEqual({});
  });

  it("needs details only when 'Other' is among the reasons", () => {
    expect(validateAccessRequest([INTERNAL as never, OTHER as never], '  ')).toEqual({
      details: 'This field is required.',
    });
    expect(validateAccessRequest([OTHER as never], 'Teaching')).toEqual({});
  });
});

describe('RequestAccessDialog', { timeout: 20_000 }, () => {
  const renderDialog = (
    target: RequestAccessTarget,
    props: { onHide?: () => void; onSent?: () => void } = {},
  ) =>
    render(
      withQueryClient(
        <RequestAccessDialog target={target} onHide={props.onHide ?? vi.fn()} onSent={props.onSent} />,
      ),
    );

  it('offers the four reasons and keeps Submit disabled until one is ticked', async () => {
    stubFetch();
    renderDialog(MODEL);
    const dialog = screen.getByRole('dialog', { name: 'Request Access' });
    for (const reason of ACCESS_REQUEST_REASONS) expect(screen.getByLabelText(reason)).not.toBeChecked();
    expect(dialog).toHaveTextContent('Lung model');
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();

    await userEvent.click(screen.getByLabelText(DECISION as string));
    expect(submit).toBeEnabled();
    await userEvent.click(screen.getByLabelText(DECISION as string));
    expect(submit).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('This field is required.');
  });

  it("says at once that details are required when 'Other' is ticked, as Submit waits for them (issue 21 §26)", async () => {
    stubFetch();
    renderDialog(MODEL);
    await userEvent.click(screen.getByLabelText(OTHER as string));
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('This field is required.');
  });

  it("asks for details when 'Other' is ticked and sends the reasons in the spec's order", async () => {
    const fetchMock = stubFetch(
      on('POST', `/models/${UUID_A}/access-requests`, () => json(200, { recipients: 3 })),
    );
    const onHide = vi.fn();
    const onSent = vi.fn();
    renderDialog(MODEL, { onHide, onSent });
    await userEvent.click(screen.getByLabelText(OTHER as string));
    await userEvent.click(screen.getByLabelText(HTA as string));
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    const details = screen.getByLabelText('Details *');
    await userEvent.click(details);
    await userEvent.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('This field is required.');

    await userEvent.type(details, '  Budget impact study  ');
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(submit);

    await waitFor(() => expect(onHide).toHaveBeenCalled());
    expect(onSent).toHaveBeenCalled();
    const [call] = callsTo(fetchMock, 'POST', `/models/${UUID_A}/access-requests`);
    expect(bodyOf(call)).toEqual({ reasons: [HTA, OTHER], details: 'Budget impact study' });
    expect(texts()).toEqual([
      'Model access request email has been sent. You will get an email notification once the model access is granted.',
    ]);
  });

  it('is usable with the keyboard alone', async () => {
    const fetchMock = stubFetch(
      on('POST', `/models/${UUID_A}/access-requests`, () => json(200, { recipients: 1 })),
    );
    const onHide = vi.fn();
    renderDialog(MODEL, { onHide });
    screen.getByLabelText(HTA as string).focus();
    await userEvent.keyboard(' ');
    expect(screen.getByLabelText(HTA as string)).toBeChecked();
    screen.getByRole('button', { name: 'Submit' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(onHide).toHaveBeenCalled());
    expect(bodyOf(callsTo(fetchMock, 'POST', `/models/${UUID_A}/access-requests`)[0])).toEqual({
      reasons: [HTA],
    });
  });

  it('asks for a file on the file route and says so', async () => {
    const fetchMock = stubFetch(
      on('POST', `/models/${UUID_A}/files/${UUID_B}/access-requests`, () => json(200, { recipients: 2 })),
    );
    const onHide = vi.fn();
    renderDialog(FILE, { onHide });
    expect(screen.getByRole('dialog')).toHaveTextContent('model.xlsx');
    await userEvent.click(screen.getByLabelText(INTERNAL as string));
    await userEvent.click(screen.getByLabelText(DECISION as string));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onHide).toHaveBeenCalled());
    expect(
      bodyOf(callsTo(fetchMock, 'POST', `/models/${UUID_A}/files/${UUID_B}/access-requests`)[0]),
    ).toEqual({
      reasons: [INTERNAL, DECISION],
    });
    expect(texts()[0]).toMatch(/^Model File access request email has been sent/);
  });

  it("warns with the server's message when the request was recorded but its e-mail could not be sent", async () => {
    const message =
      'Your access request has been recorded and shown to the people who can grant it in the app, but the e-mail could not be sent. You will get an email notification once the access is granted.';
    stubFetch(
      on('POST', `/models/${UUID_A}/files/${UUID_B}/access-requests`, () =>
        json(200, { recipients: 1, mailSent: false, message }),
      ),
    );
    const onHide = vi.fn();
    const onSent = vi.fn();
    renderDialog(FILE, { onHide, onSent });
    await userEvent.click(screen.getByLabelText(INTERNAL as string));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onHide).toHaveBeenCalled());
    // Recorded: the request counts as sent (the button turns off), but nobody claims a mail went out.
    expect(onSent).toHaveBeenCalled();
    expect(getMessages().map((m) => [m.severity, m.text])).toEqual([['warning', message]]);
  });

  it("says 'Failed to request access' and stays open when the call fails", async () => {
    stubFetch(
      on('POST', `/models/${UUID_A}/access-requests`, () =>
        json(409, { message: 'An access request was sent recently.', code: 'CONFLICT' }),
      ),
    );
    const onHide = vi.fn();
    renderDialog(MODEL, { onHide });
    await userEvent.click(screen.getByLabelText(HTA as string));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(texts()).toEqual(['Failed to request access: An access request was sent recently.']),
    );
    expect(onHide).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Request Access' })).toBeInTheDocument();
  });
});
