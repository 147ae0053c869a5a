/** §2 layout toolbar icons: each layout recognisable at every live count (Cover and Picture in Picture looked the same). */
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { LayoutIcon } from '../../src/ui/LayoutIcon';
import { LAYOUT_CODES, type LayoutCode } from '../../compositor/model/types';
import { MAX_LIVE_SHOWN } from '../../compositor/model/constants';

const COUNTS = Array.from({ length: MAX_LIVE_SHOWN }, (_, i) => i + 1);

/** What an icon draws: its tiles' boxes and classes. */
function drawn(layout: LayoutCode, count: number, contentShare = false) {
  const { container, unmount } = render(<LayoutIcon layout={layout} count={count} contentShare={contentShare} />);
  const tiles = [...container.querySelectorAll('rect:not(.layout-icon-frame)')].map((r) => ['x', 'y', 'width', 'height', 'class'].map((a) => r.getAttribute(a)).join(' '));
  unmount();
  return tiles;
}

describe('layout icons', () => {
  it.each(COUNTS)('with %i on air, the six icons are all different', (count) => {
    const icons = LAYOUT_CODES.map((code) => drawn(code, count).join('|'));
    expect(new Set(icons).size).toBe(LAYOUT_CODES.length);
  });

  it.each(COUNTS)('with %i on air, Cover is one full frame and Picture in Picture shows an outlined inset over it', (count) => {
    expect(drawn('COVER', count)).toHaveLength(1);
    const pip = drawn('PIP', count);
    expect(pip.length).toBeGreaterThanOrEqual(2);
    expect(pip[0]).toBe(drawn('COVER', count)[0]);
    for (const inset of pip.slice(1)) expect(inset).toMatch(/layout-icon-inset$/);
  });

  it('follows the live count above each layout’s own minimum (§2: the icon depends on it)', () => {
    expect(drawn('CLASSIC', 4)).toHaveLength(4);
    expect(drawn('PIP', 3)).toHaveLength(3);
    expect(drawn('SPLIT', 1)).toHaveLength(3);
    expect(drawn('CINEMA', 2, true)[0]).toMatch(/layout-icon-share$/);
  });
});
