import { describe, expect, it } from 'vitest';
import { firstLoadScripts } from './web-bundle';

describe('firstLoadScripts', () => {
  it('finds the entry module and its modulepreload links, but not styles or icons', () => {
    const html = `<!doctype html><html><head>
      <link rel="icon" type="image/svg+xml" href="/logo.svg" />
      <script type="module" crossorigin src="/assets/index-abc.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/react-def.js">
      <link rel="stylesheet" crossorigin href="/assets/index-123.css">
    </head><body><div id="root"></div></body></html>`;
    expect(firstLoadScripts(html)).toEqual(['assets/index-abc.js', 'assets/react-def.js']);
  });

  it('ignores scripts from other origins', () => {
    expect(firstLoadScripts('<script src="https://cdn.example.com/x.js"></script>')).toEqual([]);
  });
});
