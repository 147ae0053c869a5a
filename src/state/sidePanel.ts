/** §2 Side panel values, verbatim, and the run of show's Rundown (issue 25). */
export const SIDE_PANELS = ['NONE', 'GRAPHICS', 'RUNDOWN', 'CHAT', 'POLL', 'Q&A', 'HOST CHAT', 'PEOPLE', 'SETTINGS'] as const;
export type SidePanel = (typeof SIDE_PANELS)[number];
export type Tool = Exclude<SidePanel, 'NONE'>;

export function isSidePanel(value: unknown): value is SidePanel {
  return typeof value === 'string' && (SIDE_PANELS as readonly string[]).includes(value);
}
