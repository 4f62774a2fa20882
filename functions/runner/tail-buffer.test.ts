import { describe, expect, it } from 'vitest';
import { lastLines, TailBuffer } from './tail-buffer';

describe('TailBuffer', () => {
  it('keeps everything under the limit', () => {
    const tail = new TailBuffer(100);
    tail.push(Buffer.from('hello '));
    tail.push(Buffer.from('world'));
    expect(tail.snapshot()).toEqual({ text: 'hello world', droppedBytes: 0 });
  });

  it('keeps the last bytes and counts the dropped ones', () => {
    const tail = new TailBuffer(10);
    for (let i = 0; i < 100; i++) tail.push(Buffer.from(`${i % 10}`));
    expect(tail.snapshot()).toEqual({ text: '0123456789', droppedBytes: 90 });
  });

  it('does not start with half a character', () => {
    const tail = new TailBuffer(5);
    tail.push(Buffer.from('aaaa€€')); // € is 3 bytes: the last 5 bytes start inside the first €
    expect(tail.snapshot()).toEqual({ text: '€', droppedBytes: 7 });
  });
});

describe('lastLines', () => {
  it('keeps the last lines and bounds their length', () => {
    expect(lastLines('a\nb\nc\n\n', 2)).toBe('b\nc');
    expect(lastLines('x'.repeat(50), 20, 10)).toBe(`…${'x'.repeat(10)}`);
  });
});
