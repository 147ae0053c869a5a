// @vitest-environment node
/** §2: the left area is the full width minus 70 px (nav) or minus 530 px (nav + tool panel); the stylesheet draws it. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIDE_NAV_AND_PANEL_WIDTH_PX, SIDE_NAV_WIDTH_PX } from '../../src/lib/limits';

const theme = readFileSync(join(__dirname, '../../src/ui/theme.css'), 'utf8');
const px = (name: string) => Number(new RegExp(`${name}:\\s*(\\d+)px`).exec(theme)?.[1]);

describe('§2 studio widths', () => {
  it('the nav is 70 px and nav + panel 530 px, in the constants and in the theme the layout uses', () => {
    expect(SIDE_NAV_WIDTH_PX).toBe(70);
    expect(SIDE_NAV_AND_PANEL_WIDTH_PX).toBe(530);
    expect(px('--nav-width')).toBe(SIDE_NAV_WIDTH_PX);
    expect(px('--nav-width') + px('--panel-width')).toBe(SIDE_NAV_AND_PANEL_WIDTH_PX);
  });
});
