/** The timer the demo's services and simulated audience run on (the app's injectable clock); tests pass fake timers. */
export type { Clock as DemoTimer } from '../../lib/clock';
export { realClock as realTimer } from '../../lib/clock';
