/**
 * Keeps the last `limit` bytes of a stream (a model's stdout or stderr): a model that prints for hours
 * must not fill the runner's memory, and the end of the log is where the error is.
 */
export class TailBuffer {
  private chunks: Buffer[] = [];
  private held = 0;
  private dropped = 0;

  constructor(private readonly limit: number) {}

  push(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.held += chunk.length;
    // Trim only past twice the limit, so a stream of small chunks is not copied on every write.
    if (this.held > 2 * this.limit) this.trim();
  }

  private trim(): void {
    const all = Buffer.concat(this.chunks);
    const keep = all.subarray(all.length - this.limit);
    this.dropped += all.length - keep.length;
    this.chunks = [Buffer.from(keep)];
    this.held = keep.length;
  }

  /** The kept text; a character cut in half at the start is dropped, not shown as garbage. */
  snapshot(): { text: string; droppedBytes: number } {
    if (this.held > this.limit) this.trim();
    let bytes = Buffer.concat(this.chunks);
    let skipped = 0;
    if (this.dropped > 0) {
      // UTF-8 continuation bytes are 10xxxxxx.
      while (skipped < bytes.length && skipped < 4 && ((bytes[skipped] ?? 0) & 0xc0) === 0x80) skipped++;
      bytes = bytes.subarray(skipped);
    }
    return { text: bytes.toString('utf8'), droppedBytes: this.dropped + skipped };
  }
}

/** The last `lines` lines of `text` (at most `maxChars`), for a fault message. */
export function lastLines(text: string, lines = 20, maxChars = 3000): string {
  const trimmed = text.replace(/\s+$/, '');
  const tail = trimmed.split('\n').slice(-lines).join('\n');
  return tail.length > maxChars ? `…${tail.slice(tail.length - maxChars)}` : tail;
}
