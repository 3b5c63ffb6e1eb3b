import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, useSearchTextDraft } from './use-search-text-draft';

function renderDraft(initialText = '') {
  const onCommit = vi.fn<(text: string) => void>();
  const hook = renderHook(({ text }) => useSearchTextDraft(text, onCommit), { initialProps: { text: initialText } });
  return {
    onCommit,
    draft: () => hook.result.current.draft,
    type: (value: string) => act(() => hook.result.current.setDraft(value)),
    /** The URL's text changes (a commit arriving, or Back). */
    urlText: (text: string) => hook.rerender({ text }),
    wait: (ms: number) => act(() => vi.advanceTimersByTime(ms)),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the search box draft', () => {
  it('commits once typing has paused for 300 ms, trimmed', () => {
    const box = renderDraft();

    box.type('p');
    box.wait(200);
    box.type('plumber ');
    box.wait(SEARCH_DEBOUNCE_MS - 1);
    expect(box.onCommit).not.toHaveBeenCalled();
    box.wait(1);

    expect(box.onCommit).toHaveBeenCalledExactlyOnceWith('plumber');
  });

  it('commits nothing when what is typed is what is searched already', () => {
    const box = renderDraft('tiler');

    box.type(' tiler ');
    box.wait(1000);

    expect(box.onCommit).not.toHaveBeenCalled();
    expect(box.draft()).toBe(' tiler ');
  });

  it('keeps letters typed after a commit that the URL shows late', () => {
    const box = renderDraft();
    box.type('plu');
    box.wait(SEARCH_DEBOUNCE_MS);
    expect(box.onCommit).toHaveBeenLastCalledWith('plu');

    box.type('plumb');
    box.urlText('plu');

    expect(box.draft()).toBe('plumb');
    box.wait(SEARCH_DEBOUNCE_MS);
    expect(box.onCommit).toHaveBeenLastCalledWith('plumb');
  });

  it('shows the text of a search reached by other means (Back, a link)', () => {
    const box = renderDraft('roof');
    box.type('roofer');
    box.wait(SEARCH_DEBOUNCE_MS);
    box.urlText('roofer');

    box.urlText('roof');
    expect(box.draft()).toBe('roof');
    box.urlText('roofer');
    expect(box.draft()).toBe('roofer');
    box.wait(1000);
    expect(box.onCommit).toHaveBeenCalledOnce();
  });

  it('drops what was being typed when the search changes by other means', () => {
    const box = renderDraft('roof');
    box.type('gutt');

    box.urlText('');
    box.wait(1000);

    expect(box.draft()).toBe('');
    expect(box.onCommit).not.toHaveBeenCalled();
  });
});
