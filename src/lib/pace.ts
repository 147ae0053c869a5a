/**
 * The studio's deliberate waits: the §2 splash. Outside production,
 * src/dev may shorten them for a browser test that is not about them (as a controlled clock would);
 * nothing is lent in production, and a wait is then always the SPEC's.
 */
export type PacedWait = 'splash';

let lent: Partial<Record<PacedWait, number>> = {};

export function lendPace(waits: Partial<Record<PacedWait, number>>): void {
  lent = waits;
}

/** The wait's length in ms: `ms`, unless src/dev lent another. */
export const paced = (wait: PacedWait, ms: number): number => lent[wait] ?? ms;
