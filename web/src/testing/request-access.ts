import { ACCESS_REQUEST_REASONS } from '@shared/schemas/collaboration';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { json, on } from './fetch-stubs';

/**
 * The server's answer to a file's access request, for a {@link stubFetch} list: the screens that open
 * the real Request Access dialog (components/ui/request-access-dialog, tested on its own) send through it.
 */
export const fileAccessRequestRoute = (modelUuid: string, fileUuid: string) =>
  on('POST', `/models/${modelUuid}/files/${fileUuid}/access-requests`, () => json(200, { recipients: 1 }));

/**
 * Fills the open Request Access dialog with one reason and submits it: checks that it asks about
 * `subject` (e.g. 'Ask the owner of the file prices.csv for access.') and waits until it has closed.
 */
export async function sendAccessRequest(subject: string): Promise<void> {
  const dialog = screen.getByRole('dialog', { name: 'Request Access' });
  expect(dialog).toHaveTextContent(subject);
  await userEvent.click(within(dialog).getByLabelText(ACCESS_REQUEST_REASONS[0]));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Request Access' })).toBeNull());
}
