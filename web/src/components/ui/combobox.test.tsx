import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCombobox } from './combobox';
import { SuggestionList } from './suggestion-list';

const FRUITS = ['Apple', 'Banana', 'Cherry'];

function Picker({ onPick }: { onPick: (fruit: string) => void }) {
  const [text, setText] = useState('');
  const items = FRUITS.filter((f) => f.toLowerCase().includes(text.toLowerCase()));
  const combobox = useCombobox({
    items,
    showable: text !== '',
    onPick: (fruit) => {
      combobox.close();
      onPick(fruit);
    },
  });
  return (
    <>
      <input
        aria-label="Fruit"
        {...combobox.inputProps}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          combobox.typed();
        }}
      />
      <SuggestionList
        id={combobox.listId}
        label="Fruit"
        items={items}
        active={combobox.active}
        itemKey={(f) => f}
        renderItem={(f) => f}
        onPick={(fruit) => {
          combobox.close();
          onPick(fruit);
        }}
        hidden={!combobox.expanded}
      />
    </>
  );
}

describe('useCombobox', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens on typing, moves with the arrows and picks with Enter', () => {
    const onPick = vi.fn();
    render(<Picker onPick={onPick} />);
    const input = screen.getByRole('combobox', { name: 'Fruit' });
    expect(input).toHaveAttribute('aria-expanded', 'false');
    fireEvent.change(input, { target: { value: 'an' } });
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    const list = screen.getByRole('listbox', { name: 'Fruit suggestions' });
    expect(input).toHaveAttribute('aria-controls', list.id);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const active = screen.getByRole('option', { selected: true });
    expect(input).toHaveAttribute('aria-activedescendant', active.id);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onPick).toHaveBeenCalledWith('Banana');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape, and a moment after the focus leaves unless it comes back', () => {
    render(<Picker onPick={vi.fn()} />);
    const input = screen.getByRole('combobox', { name: 'Fruit' });
    fireEvent.change(input, { target: { value: 'a' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input).toHaveAttribute('aria-expanded', 'false');

    fireEvent.change(input, { target: { value: 'ap' } });
    fireEvent.blur(input);
    fireEvent.focus(input);
    act(() => vi.advanceTimersByTime(200));
    expect(input).toHaveAttribute('aria-expanded', 'true');

    fireEvent.blur(input);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    act(() => vi.advanceTimersByTime(200));
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });
});
