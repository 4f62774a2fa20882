import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TextDiffView } from './text-diff-view';

const hunks = [
  { oldStart: 3, oldLines: 2, newStart: 3, newLines: 2, lines: [' keep', '-rate <- 0.03', '+rate <- 0.035'] },
];

/** jsdom lays nothing out: the pane reports the width a browser would. */
function paneWidth(width: number) {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
}

afterEach(() => vi.restoreAllMocks());

describe('TextDiffView', () => {
  it('shows the two versions side by side in a pane wider than 1000 px', async () => {
    paneWidth(1200);
    const { container } = render(<TextDiffView hunks={hunks} beforeLabel="A" afterLabel="B" />);
    await vi.waitFor(() => expect(container.querySelector('.cm-mergeView')).not.toBeNull());
    expect(container.querySelector('[data-layout]')).toHaveAttribute('data-layout', 'side-by-side');
    expect(container.querySelectorAll('.cm-editor')).toHaveLength(2);
    expect(container.textContent).toContain('rate <- 0.03');
    expect(container.textContent).toContain('rate <- 0.035');
  });

  it('shows one unified view in a pane of 1000 px or less', async () => {
    paneWidth(1000);
    const { container } = render(<TextDiffView hunks={hunks} beforeLabel="A" afterLabel="B" />);
    await vi.waitFor(() => expect(container.querySelectorAll('.cm-editor')).toHaveLength(1));
    expect(container.querySelector('[data-layout]')).toHaveAttribute('data-layout', 'unified');
    expect(container.querySelector('.cm-mergeView')).toBeNull();
    // The removed line is shown inside the one editor, above the line that replaced it.
    expect(container.querySelector('.cm-deletedChunk')?.textContent).toContain('rate <- 0.03');
  });

  it('says No changes found for identical files', () => {
    render(<TextDiffView hunks={[]} beforeLabel="A" afterLabel="B" />);
    expect(screen.getByText('No changes found')).toBeInTheDocument();
  });
});
