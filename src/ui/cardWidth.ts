/** §2 producer card width by window width (own card narrower). */
export const CARD_WIDTH_BREAKPOINTS = [
  { below: 990, width: 88, selfWidth: 64 },
  { below: 1366, width: 107, selfWidth: 84 },
] as const;
export const CARD_WIDTH_WIDE = { width: 140, selfWidth: 104 } as const;

export function cardWidth(windowWidth: number, isSelf: boolean): number {
  const row = CARD_WIDTH_BREAKPOINTS.find((b) => windowWidth < b.below) ?? CARD_WIDTH_WIDE;
  return isSelf ? row.selfWidth : row.width;
}
