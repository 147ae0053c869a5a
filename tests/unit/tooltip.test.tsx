import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tooltip } from '../../src/ui/Tooltip';
import { TOOLTIP_DELAY, TOOLTIP_DELAY_SLOW, TOOLTIP_MAX_WIDTH_PX } from '../../src/lib/limits';

beforeEach(() => {
  vi.useFakeTimers();
  // Testing Library waits a 0 ms timer after each user-event step, through the jest global.
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
});
afterEach(() => {
  vi.unstubAllGlobals();
  // React Aria keeps tooltips "warm" (the next one opens at once) until a cooldown after the last closes.
  act(() => void vi.advanceTimersByTime(2000));
  vi.useRealTimers();
});
const setup = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
const wait = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

describe('tooltips (§9: 500/200 ms, 800/100 ms, max width 270)', () => {
  it('opens after 500 ms of hover, closes 200 ms after leaving, at most 270 px wide, and describes its button', async () => {
    const user = setup();
    render(
      <>
        <p>elsewhere</p>
        <Tooltip label="Put on air">
          <button type="button">x</button>
        </Tooltip>
      </>,
    );
    await user.hover(screen.getByText('elsewhere'));
    await user.hover(screen.getByRole('button'));
    wait(TOOLTIP_DELAY.open - 1);
    expect(screen.queryByRole('tooltip')).toBeNull();
    wait(1);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Put on air');
    expect(screen.getByRole('tooltip')).toHaveStyle({ maxWidth: `${TOOLTIP_MAX_WIDTH_PX}px` });
    expect(screen.getByRole('button')).toHaveAttribute('aria-describedby', screen.getByRole('tooltip').id);
    await user.unhover(screen.getByRole('button'));
    wait(TOOLTIP_DELAY.close - 1);
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    wait(1);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('the slow variant waits 800 ms and closes after 100 ms', async () => {
    expect(TOOLTIP_DELAY_SLOW).toEqual({ open: 800, close: 100 });
    const user = setup();
    render(
      <>
        <p>elsewhere</p>
        <Tooltip label="Spotlight" delay={TOOLTIP_DELAY_SLOW}>
          <button type="button">x</button>
        </Tooltip>
      </>,
    );
    await user.hover(screen.getByText('elsewhere'));
    await user.hover(screen.getByRole('button'));
    wait(TOOLTIP_DELAY_SLOW.open - 1);
    expect(screen.queryByRole('tooltip')).toBeNull();
    wait(1);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Spotlight');
    await user.unhover(screen.getByRole('button'));
    wait(TOOLTIP_DELAY_SLOW.close);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('keyboard focus shows it at once; Escape hides it; leaving hides it', async () => {
    const user = setup();
    render(
      <>
        <button type="button">before</button>
        <Tooltip label="Record this event">
          <button type="button">REC</button>
        </Tooltip>
        <button type="button">after</button>
      </>,
    );
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'REC' })).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent('Record this event');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.tab({ shift: true });
    await user.tab();
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    await user.tab();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
