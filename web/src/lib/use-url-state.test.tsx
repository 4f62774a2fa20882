import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useUrlState } from './use-url-state';

type Paging = { page: number; sort: string };
const parse = (p: URLSearchParams): Paging => ({
  page: Number(p.get('page') ?? 1),
  sort: p.get('sort') ?? 'name',
});
const toParams = (s: Paging) => new URLSearchParams({ page: String(s.page), sort: s.sort });

function setup(initial: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[initial]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => ({ url: useUrlState(parse, toParams), location: useLocation(), navigate: useNavigate() }),
    { wrapper },
  );
}

describe('useUrlState', () => {
  it('reads the state from the URL query', () => {
    const { result } = setup('/list?page=3&sort=date');
    expect(result.current.url.state).toEqual({ page: 3, sort: 'date' });
  });

  it('writes each choice to the URL, and updates in one tick build on each other', () => {
    const { result } = setup('/list?page=1&sort=name');
    const firstUpdate = result.current.url.update;
    act(() => {
      firstUpdate((s) => ({ ...s, page: s.page + 1 }));
      firstUpdate((s) => ({ ...s, sort: 'date' }));
    });
    expect(result.current.url.state).toEqual({ page: 2, sort: 'date' });
    expect(result.current.location.search).toBe('?page=2&sort=date');
    // Stable, so a memoized row may call the handler of an earlier render.
    expect(result.current.url.update).toBe(firstUpdate);
  });

  it('follows a URL changed from elsewhere (a link, the back button)', () => {
    const { result } = setup('/list?page=2&sort=name');
    act(() => result.current.navigate('/list?page=5&sort=owner'));
    expect(result.current.url.state).toEqual({ page: 5, sort: 'owner' });
  });
});
