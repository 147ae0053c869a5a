import { beforeEach, describe, expect, it } from 'vitest';
import { initialScreenState, initialToolOnStudioOpen, useScreenStore } from '../../src/state/screenStore';

beforeEach(() => useScreenStore.setState(initialScreenState()));

describe('tool selection (§2 side navigation)', () => {
  it('selecting a tool remembers it in local storage', () => {
    useScreenStore.getState().toggleTool('CHAT');
    expect(useScreenStore.getState().selectedTool).toBe('CHAT');
    expect(localStorage.getItem('selectedTool')).toBe('CHAT');
  });

  it('clicking the selected tool deselects it (NONE)', () => {
    useScreenStore.getState().toggleTool('PEOPLE');
    useScreenStore.getState().toggleTool('PEOPLE');
    expect(useScreenStore.getState().selectedTool).toBe('NONE');
    expect(localStorage.getItem('selectedTool')).toBe('NONE');
  });

  it('clicking another tool switches to it', () => {
    useScreenStore.getState().toggleTool('PEOPLE');
    useScreenStore.getState().toggleTool('Q&A');
    expect(useScreenStore.getState().selectedTool).toBe('Q&A');
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
    useScreenStore.getState().showRegisterPopup();
    expect(useScreenStore.getState().registerPopupVisible).toBe(true);
    useScreenStore.getState().hideRegisterPopup();
    expect(useScreenStore.getState().registerPopupVisible).toBe(false);
  });
});
