import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Tooltip } from '../../src/ui/Tooltip';
import { TOOLTIP_DELAY, TOOLTIP_DELAY_SLOW, TOOLTIP_MAX_WIDTH_PX } from '../../src/lib/limits';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('tooltips (§9: 500/200 ms, 800/100 ms, max width 270)', () => {
  it('opens after 500 ms of hover, closes 200 ms after leaving, at most 270 px wide', () => {
    render(
      <Tooltip label="Put on air">
        <button type="button">x</button>
      </Tooltip>,
    );
    const anchor = screen.getByRole('button').parentElement!;
    fireEvent.mouseEnter(anchor);
    act(() => void vi.advanceTimersByTime(TOOLTIP_DELAY.open - 1));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip')).toHaveStyle({ maxWidth: `${TOOLTIP_MAX_WIDTH_PX}px` });
    expect(screen.getByRole('button')).toHaveAttribute('aria-describedby', screen.getByRole('tooltip').id);
    fireEvent.mouseLeave(anchor);
    act(() => void vi.advanceTimersByTime(TOOLTIP_DELAY.close - 1));
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('the slow variant waits 800 ms and closes after 100 ms; Escape hides it; focus shows it', () => {
    render(
      <Tooltip label="Spotlight" delay={TOOLTIP_DELAY_SLOW}>
        <button type="button">x</button>
      </Tooltip>,
    );
    expect(TOOLTIP_DELAY_SLOW).toEqual({ open: 800, close: 100 });
    fireEvent.focus(screen.getByRole('button'));
    act(() => void vi.advanceTimersByTime(799));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Spotlight');
    fireEvent.keyDown(screen.getByRole('button'), { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
