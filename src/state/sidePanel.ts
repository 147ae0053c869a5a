/** §2 Side panel values, verbatim. */
export const SIDE_PANELS = ['NONE', 'GRAPHICS', 'CHAT', 'POLL', 'Q&A', 'HOST CHAT', 'PEOPLE', 'SETTINGS'] as const;
export type SidePanel = (typeof SIDE_PANELS)[number];
export type Tool = Exclude<SidePanel, 'NONE'>;

export function isSidePanel(value: unknown): value is SidePanel {
  return typeof value === 'string' && (SIDE_PANELS as readonly string[]).includes(value);
}
