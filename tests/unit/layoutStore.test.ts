import { beforeEach, describe, expect, it } from 'vitest';
import { initialLayoutState, initialToolOnStudioOpen, useLayoutStore } from '../../src/state/layoutStore';

beforeEach(() => useLayoutStore.setState(initialLayoutState()));

describe('tool selection (§2 side navigation)', () => {
  it('selecting a tool remembers it in local storage', () => {
    useLayoutStore.getState().toggleTool('CHAT');
    expect(useLayoutStore.getState().selectedTool).toBe('CHAT');
    expect(localStorage.getItem('selectedTool')).toBe('CHAT');
  });

  it('clicking the selected tool deselects it (NONE)', () => {
    useLayoutStore.getState().toggleTool('PEOPLE');
    useLayoutStore.getState().toggleTool('PEOPLE');
    expect(useLayoutStore.getState().selectedTool).toBe('NONE');
    expect(localStorage.getItem('selectedTool')).toBe('NONE');
  });

  it('clicking another tool switches to it', () => {
    useLayoutStore.getState().toggleTool('PEOPLE');
    useLayoutStore.getState().toggleTool('Q&A');
    expect(useLayoutStore.getState().selectedTool).toBe('Q&A');
  });
});

describe('tool on studio open (§2)', () => {
  it.each([
    [null, 'SETTINGS', 'GRAPHICS'],
    ['false', 'SETTINGS', 'GRAPHICS'],
    ['true', 'SETTINGS', 'SETTINGS'],
    ['true', 'HOST CHAT', 'HOST CHAT'],
    ['true', 'nonsense', 'NONE'],
    ['true', null, 'NONE'],
  ])('tutorialCompleted=%s, stored tool %s → %s', (tutorial, stored, expected) => {
    if (tutorial !== null) localStorage.setItem('tutorialCompleted', tutorial);
    if (stored !== null) localStorage.setItem('selectedTool', stored);
    expect(initialToolOnStudioOpen()).toBe(expected);
  });
});

describe('registration pop-up and exit dialog flags', () => {
  it('show and hide the registration pop-up', () => {
    useLayoutStore.getState().showRegisterPopup();
    expect(useLayoutStore.getState().registerPopupVisible).toBe(true);
    useLayoutStore.getState().hideRegisterPopup();
    expect(useLayoutStore.getState().registerPopupVisible).toBe(false);
  });
});
