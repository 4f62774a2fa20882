import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { inAppPath, linkify, normaliseOutbox } from './outbox-page';

const ORIGIN = 'http://127.0.0.1:5173';

function renderText(text: string) {
  const router = createMemoryRouter(
    [
      { path: '/local/outbox', element: <div data-testid="body">{linkify(text, ORIGIN)}</div> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: ['/local/outbox'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('local outbox', () => {
  it('turns same-origin URLs into in-app paths only', () => {
    expect(inAppPath(`${ORIGIN}/model/abc/detail?role=VIEWER&userId=e`, ORIGIN)).toBe(
      '/model/abc/detail?role=VIEWER&userId=e',
    );
    expect(inAppPath('https://example.com/help', ORIGIN)).toBeUndefined();
    expect(inAppPath('not a url', ORIGIN)).toBeUndefined();
  });

  it('links the URLs of a mail body, keeping punctuation and text around them', () => {
    renderText(
      `Grant access: ${ORIGIN}/model/abc/detail?role=VIEWER&userId=employee.\nHelp: https://example.com/help (external)`,
    );
    const body = screen.getByTestId('body');
    expect(body).toHaveTextContent(
      `Grant access: ${ORIGIN}/model/abc/detail?role=VIEWER&userId=employee. Help: https://example.com/help (external)`,
    );
    const grant = screen.getByRole('link', {
      name: `${ORIGIN}/model/abc/detail?role=VIEWER&userId=employee`,
    });
    expect(grant).toHaveAttribute('href', '/model/abc/detail?role=VIEWER&userId=employee');
    const help = screen.getByRole('link', { name: 'https://example.com/help' });
    expect(help).toHaveAttribute('href', 'https://example.com/help');
    expect(help).toHaveAttribute('target', '_blank');
  });

  it('follows an in-app link inside the app', async () => {
    const router = renderText(`Open ${ORIGIN}/model/abc/detail?role=OWNER&userId=x now`);
    screen.getByRole('link', { name: /model\/abc/ }).click();
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/model/abc/detail?role=OWNER&userId=x',
    );
  });

  it('lists the gateway answer newest first with recipients, subject and date', () => {
    const mails = normaliseOutbox({
      messages: [
        { id: 'a', to: ['a@x.test'], subject: 'Old', text: 'one', sentAt: '2030-01-01T00:00:00.000Z' },
        {
          id: 'b',
          to: ['b@x.test', 'c@x.test'],
          subject: 'New',
          text: 'two',
          sentAt: '2030-01-02T00:00:00.000Z',
        },
      ],
    });
    expect(mails.map((m) => [m.subject, m.to.join(','), m.sentAt])).toEqual([
      ['New', 'b@x.test,c@x.test', '2030-01-02T00:00:00.000Z'],
      ['Old', 'a@x.test', '2030-01-01T00:00:00.000Z'],
    ]);
  });
});
