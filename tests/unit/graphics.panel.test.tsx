import { beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyChannel } from '../../compositor/model/channel';
import { stageActions } from '../../src/state/channel/stageActions';
import { useChannelStore } from '../../src/state/channel/store';
import { libraryActions } from '../../src/state/graphics/library';
import { GraphicsPanel } from '../../src/features/graphics/GraphicsPanel';
import { TEXTS } from '../../src/lib/texts';
import { LOWER_THIRD_TEXT_MAX } from '../../src/lib/limits';
import { COLOR_FORMAT_HINT } from '../../src/state/graphics/colorInput';
import { GRAPHICS_TEXTS } from '../../src/features/graphics/texts';
import { sharedVideo, shareVideo } from '../../src/services/media/sharedVideoPlayer';
import { useVideoEndStore, videoEndOf } from '../../src/state/media/videoEnd';

const doc = () => useChannelStore.getState().doc;

beforeEach(() => {
  localStorage.clear();
  stageActions.load(emptyChannel());
  libraryActions.reset();
});

const openSection = async (name: RegExp) => {
  const trigger = screen.getByRole('button', { name });
  if (trigger.getAttribute('aria-expanded') !== 'true') await userEvent.click(trigger);
};

describe('Graphics panel (§2)', () => {
  it('has the seven sections, remembers which are open (tools-state), and shows the empty messages verbatim', async () => {
    const { unmount } = render(<GraphicsPanel />);
    for (const name of [/Brand settings/, /Logos/, /Lower thirds/, /Tickers/, /Images/, /Videos/, /Backgrounds/]) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    for (const name of [/Logos/, /Images/, /Videos/, /Backgrounds/]) await openSection(name);
    for (const text of [TEXTS.noLogo, TEXTS.noImage, TEXTS.noVideo, TEXTS.noMedias]) expect(screen.getByText(text)).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('tools-state')!)).toMatchObject({ LOGOS: true, IMAGES: true, VIDEOS: true, BACKGROUNDS: true });
    unmount();
    render(<GraphicsPanel />);
    expect(screen.getByRole('button', { name: /Videos/ })).toHaveAttribute('aria-expanded', 'true');
  });

  it('adds a lower third by keyboard, puts it on stage, and locks Edit while it is there', async () => {
    const user = userEvent.setup();
    render(<GraphicsPanel />);
    await user.click(screen.getByRole('button', { name: 'Add lower third' }));
    const editor = screen.getByRole('form', { name: 'New lower third' });
    expect(within(editor).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.keyboard('Ada Lovelace');
    await user.tab();
    await user.paste('x'.repeat(LOWER_THIRD_TEXT_MAX + 30));
    expect(within(editor).getByText(TEXTS.cutTo(LOWER_THIRD_TEXT_MAX))).toBeInTheDocument();
    expect(within(editor).getByText(`${LOWER_THIRD_TEXT_MAX}/${LOWER_THIRD_TEXT_MAX}`)).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(doc().templates).toMatchObject([{ type: 'LOWERTHIRD', primaryText: 'Ada Lovelace', selected: false, isNew: true }]);
    const row = screen.getByRole('button', { name: /^Ada Lovelace x+ NEW 1 SHOW$/ });
    row.focus();
    await user.keyboard(' ');
    expect(doc().templates[0]!.selected).toBe(true);
    const edit = screen.getByRole('button', { name: 'Edit lower third: Ada Lovelace' });
    expect(edit).toHaveAttribute('aria-disabled', 'true');
    await user.click(edit);
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('Cancel drops a lower third being added; Escape in the editor cancels too', async () => {
    const user = userEvent.setup();
    render(<GraphicsPanel />);
    await user.click(screen.getByRole('button', { name: 'Add lower third' }));
    await user.keyboard('Draft');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form')).toBeNull();
    expect(doc().templates).toEqual([]);
  });

  it('adds a ticker with the §2 counter and shows the supported formats of each upload', async () => {
    const user = userEvent.setup();
    render(<GraphicsPanel />);
    await openSection(/Tickers/);
    await user.click(screen.getByRole('button', { name: 'Add ticker' }));
    await user.keyboard('Breaking news');
    expect(screen.getByText('13/500 max characters')).toBeInTheDocument();
    const editor = screen.getByRole('form', { name: 'New ticker' });
    await user.click(within(editor).getByRole('radio', { name: '#C62828' }));
    await user.click(within(editor).getByRole('button', { name: 'Save' }));
    expect(doc().templates).toMatchObject([{ type: 'TICKER', primaryText: 'Breaking news', primaryColor: '#C62828', selected: false }]);
    await openSection(/Logos/);
    expect(screen.getByText('Supported formats: JPEG, PNG. Recommended size 500x500.')).toBeInTheDocument();
    expect(screen.getByText('Max file size: 1MB')).toBeInTheDocument();
  });

  it('brand colour: Enter in the hex field applies the typed colour at once; a bad one says why and stays typed', async () => {
    const user = userEvent.setup();
    render(<GraphicsPanel />);
    const hexField = screen.getByRole('textbox', { name: 'Hex' });
    await user.clear(hexField);
    await user.type(hexField, '#AA33');
    await user.keyboard('{Enter}');
    expect(hexField).toHaveValue('#AA33');
    expect(hexField).toHaveAttribute('aria-invalid', 'true');
    expect(hexField).toHaveAccessibleDescription(COLOR_FORMAT_HINT);
    expect(doc().brandSettings.primaryColor).toBe('#0D62C5');
    await user.type(hexField, '00{Enter}');
    expect(doc().brandSettings.primaryColor).toBe('#AA3300');
    expect(hexField).toHaveAttribute('aria-invalid', 'false');
  });

  it('brand settings: a preset swatch, a theme and Name Tags each make one undoable edit', async () => {
    const user = userEvent.setup();
    render(<GraphicsPanel />);
    await user.click(screen.getByRole('radio', { name: '#2E7D32' }));
    await user.click(screen.getByRole('radio', { name: /Theme 3/ }));
    await user.click(screen.getByRole('switch', { name: /Name Tags/ }));
    expect(doc().brandSettings).toEqual({ primaryColor: '#2E7D32', selectedTheme: 'lower_third3', nametagsActive: false });
    stageActions.undo();
    stageActions.undo();
    stageActions.undo();
    expect(doc().brandSettings).toEqual(emptyChannel().brandSettings);
  });

  it('a foreground video says what it does when it ends, in its menu (before it goes on air) and in the player', async () => {
    useVideoEndStore.setState({ held: [] });
    libraryActions.setListed('foregroundVideo', [{ id: 'v1', title: 'Video 1', url: '/v1.webm', thumbnail: '/v1.jpg', type: 'video', origin: 'predefined' }]);
    const user = userEvent.setup();
    render(<GraphicsPanel />);
    await openSection(/Videos/);
    const { leave, hold } = GRAPHICS_TEXTS.videoEndActions;

    await user.click(screen.getByRole('button', { name: 'More for Video 1' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitemradio', { name: leave })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(menu).getByRole('menuitemradio', { name: hold }));
    expect(videoEndOf('v1')).toBe('hold');

    act(() => void shareVideo({ id: 'v1', type: 'video', url: '/v1.webm', name: 'Video 1' }));
    const choice = within(screen.getByRole('region', { name: 'Shared video: Video 1' })).getByRole('radiogroup', { name: GRAPHICS_TEXTS.videoEnd });
    expect(within(choice).getByRole('radio', { name: hold })).toBeChecked();
    await user.click(within(choice).getByRole('radio', { name: leave }));
    expect(videoEndOf('v1')).toBe('leave');
    act(() => sharedVideo.close());
  });
});
