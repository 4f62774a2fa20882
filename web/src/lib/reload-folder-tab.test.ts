import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearMessages, getMessages } from './message-stack';
import { AFTER_RELOAD_KEY, reloadOnFolderTab, showMessageAfterReload } from './reload-folder-tab';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

describe('the success message of an ownership transfer survives the reload', () => {
  afterEach(() => {
    window.sessionStorage.clear();
    clearMessages();
    vi.restoreAllMocks();
  });

  it('keeps the message for the reloaded page and shows it there once', () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    reloadOnFolderTab(A, 'File Ownership has been granted to Stella Steward');
    expect(assign).toHaveBeenCalledWith(`/model/${A}/detail?tab=folder`);
    expect(getMessages()).toHaveLength(0);

    // The app starts afresh: the entry's page shows what the reload left.
    showMessageAfterReload(A);
    expect(getMessages().map((m) => [m.severity, m.text])).toEqual([
      ['success', 'File Ownership has been granted to Stella Steward'],
    ]);
    showMessageAfterReload(A);
    expect(getMessages()).toHaveLength(1);
  });

  it("leaves another entry's message for that entry", () => {
    window.sessionStorage.setItem(AFTER_RELOAD_KEY, JSON.stringify({ modelUuid: B, text: 'For B' }));
    showMessageAfterReload(A);
    expect(getMessages()).toHaveLength(0);
    showMessageAfterReload(B);
    expect(getMessages().map((m) => m.text)).toEqual(['For B']);
  });
});
