import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { configureTestApi } from '../../../testing/fetch-stubs';
import { LandingPage } from './landing-page';

const renderAt = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <LandingPage />
    </MemoryRouter>,
  );

describe('the welcome page', () => {
  beforeEach(() => configureTestApi());

  it('says that the session has expired when the app signed the user out for it', async () => {
    renderAt('/landingPage?redirect=%2Fmodel&reason=session-expired');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your session has expired, so you have been signed out. Please sign in again to continue where you left off.',
    );
  });

  it('says nothing of the kind after a Logout or on a first visit', () => {
    renderAt('/landingPage?redirect=%2Fmodel');
    expect(screen.getByRole('heading', { name: 'Welcome to Model Repository' })).toBeInTheDocument();
    expect(screen.queryByText(/session has expired/)).not.toBeInTheDocument();
  });

  it('ignores a reason it does not know', () => {
    renderAt('/landingPage?reason=toString');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
