/** The capture worker's entry (live/manager.ts forks it): run.ts with the page captured in Chromium. */
import { startCapture } from './capture';
import { runWorker } from './run';

runWorker(startCapture);
