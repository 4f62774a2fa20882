import { render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { floatingPlacement, SuggestionList } from './suggestion-list';

const input = (top: number, height = 32) => ({ top, bottom: top + height, left: 100, width: 200 });

describe('SuggestionList', () => {
  it('floats below its input when there is room', () => {
    expect(floatingPlacement(input(100), 900, 16)).toMatchObject({
      position: 'fixed',
      top: 134,
      left: 100,
      width: 200,
      maxHeight: 224,
    });
  });

  it('opens above its input near the bottom of the window, and never runs past the window', () => {
    const style = floatingPlacement(input(800), 900, 16);
    expect(style).toMatchObject({ position: 'fixed', bottom: 102, maxHeight: 224 });
    expect(style.top).toBeUndefined();
    // Little room either way: the list gets what there is and scrolls.
    const cramped = floatingPlacement(input(100), 250, 16);
    expect(cramped).toMatchObject({ top: 134, maxHeight: 114 });
  });

  it('renders a list with an anchor on <body>, outside any scrolling container', () => {
    function Anchored() {
      const anchor = useRef<HTMLDivElement | null>(null);
      return (
        <div style={{ overflow: 'auto' }} data-testid="scroller">
          <div ref={anchor}>input</div>
          <SuggestionList
            id="list"
            label="File type"
            items={['Data', 'Model']}
            active={0}
            itemKey={(i) => i}
            renderItem={(i) => i}
            onPick={() => undefined}
            anchor={anchor}
          />
        </div>
      );
    }
    render(<Anchored />);
    const list = screen.getByRole('listbox', { name: 'File type suggestions' });
    expect(list.parentElement).toBe(document.body);
    expect(screen.getByTestId('scroller')).not.toContainElement(list);
    expect(list.style.position).toBe('fixed');
    expect(Number(list.style.zIndex)).toBeGreaterThan(0);
  });
});
