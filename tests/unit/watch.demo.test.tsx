/**
 * The event page in the demo (issue 32): the same page over a port instead of the studio backend.
 * While no demo studio answers it says the studio must be open (no join form to wait on); when one
 * answers again the session starts over and the join form is back.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { WatchPage } from '../../src/features/watch/WatchPage';
import { WATCH_TEXTS } from '../../src/features/watch/texts';
import type { AttendeePort } from '../../src/services/watch/attendeePort';

vi.mock('hls.js/light', () => ({ default: class {} }));

const PAGE = { eventId: 'demodemo', title: 'Product Launch Live: Spring Edition', requireEmail: false, chatEnabled: true, qnaEnabled: true, one2OneModChat: true, attendee: null, removed: false };

function fakePort() {
  let say: (open: boolean) => void = () => undefined;
  const page = vi.fn(async () => PAGE);
  const port = {
    client: { page } as unknown as AttendeePort['client'],
    frames: () => ({ close: () => undefined }),
    presence: (on: (open: boolean) => void) => ((say = on), () => undefined),
    close: vi.fn(),
  } satisfies AttendeePort;
  return { port, page, say: (open: boolean) => act(() => say(open)) };
}

describe('the demo event page', () => {
  it('says the demo studio must be open while none answers, and starts again when one does', async () => {
    const { port, page, say } = fakePort();
    render(<WatchPage studioApi={null} sharingUrl="demodemo" openPort={() => port} />);
    expect(await screen.findByRole('heading', { name: 'Join the event' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(PAGE.title);
    expect(screen.getByText(WATCH_TEXTS.demoHint)).toBeInTheDocument();

    say(false);
    expect(screen.getByRole('alert')).toHaveTextContent(WATCH_TEXTS.demoStudioClosed);
    expect(screen.queryByRole('heading', { name: 'Join the event' })).toBeNull();

    say(true);
    expect(await screen.findByRole('heading', { name: 'Join the event' })).toBeInTheDocument();
    expect(page.mock.calls.length).toBeGreaterThanOrEqual(2); // the page is read afresh
  });

  it('backend mode is unchanged: with no port and no studio API the link is unknown', () => {
    render(<WatchPage studioApi={null} sharingUrl="elsewhere" />);
    expect(screen.getByTestId('watch-state')).toHaveAttribute('data-state', 'unknown');
  });
});
