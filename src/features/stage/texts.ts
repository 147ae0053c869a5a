/** Texts of the stage (preview, layout toolbar, shortcuts overlay); the SPEC quotes none of them: all ours. */
export const STAGE_TEXTS = {
  spotlightOn: (name: string) => `Spotlight: ${name}`,
  stopSpotlight: (name: string) => `On the program alone. Press to end the spotlight on ${name}`,
  replayTour: 'Replay the tour',
  afterSpotlight: (layout: string) => `${layout}: comes back when the spotlight ends`,
} as const;
