/**
 * Pure rules of the Graphics panel (§4 Lower third, Ticker, Logo; §2 logos): they take the template
 * list and return a decision, and the actions apply it. Each rule has a row in graphicsRules.test.ts.
 */
import type { LogoItem, LogoPosition, TemplateItem } from '../../../compositor/model/channel';
import { MAX_LOGOS_ON_STAGE } from '../../lib/limits';

/** §3 the four corners the logo panel offers, in its order (the first free one is taken first). */
export const LOGO_CORNERS = ['TOPRIGHT', 'TOPLEFT', 'BOTTOMRIGHT', 'BOTTOMLEFT'] as const satisfies readonly LogoPosition[];
export type LogoCorner = (typeof LOGO_CORNERS)[number];

export const LOGO_CORNER_LABELS: Record<LogoCorner, string> = {
  TOPRIGHT: 'Top right',
  TOPLEFT: 'Top left',
  BOTTOMRIGHT: 'Bottom right',
  BOTTOMLEFT: 'Bottom left',
};

const isLogo = (t: TemplateItem): t is LogoItem => t.type === 'LOGO';

/** Corners held by the selected logos other than `exceptId`. */
export function takenCorners(templates: readonly TemplateItem[], exceptId: string): Set<LogoPosition> {
  return new Set(templates.filter(isLogo).filter((l) => l.selected && l.id !== exceptId).map((l) => l.corner));
}

/**
 * §4 On selecting a logo: its own corner if free, else the first free corner; null when all four are
 * taken (§9 at most 4 logos on stage).
 */
export function cornerOnSelect(templates: readonly TemplateItem[], id: string): LogoPosition | null {
  const logo = templates.filter(isLogo).find((l) => l.id === id);
  if (!logo) return null;
  const taken = takenCorners(templates, id);
  if (taken.size >= MAX_LOGOS_ON_STAGE) return null;
  if (!taken.has(logo.corner) && (LOGO_CORNERS as readonly LogoPosition[]).includes(logo.corner)) return logo.corner;
  return LOGO_CORNERS.find((c) => !taken.has(c)) ?? null;
}

/** §4 a logo's position changes only to a corner no other selected logo uses. */
export function canMoveLogo(templates: readonly TemplateItem[], id: string, corner: LogoPosition): boolean {
  return (LOGO_CORNERS as readonly LogoPosition[]).includes(corner) && !takenCorners(templates, id).has(corner);
}

/** §4 the selected lower third or ticker cannot be edited or deleted (unselect it first). */
export const canEditGraphic = (item: Pick<TemplateItem, 'selected'>): boolean => !item.selected;

/** Why an edit is refused, in the words the panel shows. */
export const REFUSALS = {
  selectedCannotChange: 'Take it off the stage before editing or deleting it.',
  allCornersTaken: 'All four corners have a logo: take one off the stage first.',
  cornerTaken: 'Another logo on stage is in that corner.',
  emptyText: 'Type the text first.',
} as const;
