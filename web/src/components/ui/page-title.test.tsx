import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageTitle, usePageTitle } from './page-title';

function Screen({ name }: { name?: string }) {
  usePageTitle(name);
  return null;
}

describe('page titles', () => {
  it("puts a separator between the screen name and 'Model Repository'", () => {
    render(<Screen name="Model Entries" />);
    expect(document.title).toBe('Model Entries · Model Repository');
  });

  it("is 'Model Repository' alone for a page without a screen name", () => {
    expect(pageTitle()).toBe('Model Repository');
  });
});
