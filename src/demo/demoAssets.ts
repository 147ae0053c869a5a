/**
 * The demo's asset service (§1 no server): the predefined assets, and uploads kept in this browser as
 * object URLs for the session. The upload is paced like a modest uplink so the panel's progress
 * (§2 spinner with a percentage) behaves as it will against the asset service.
 */
import type { Asset, AssetKind, AssetService } from '../state/assets';
import { PREDEFINED_ASSETS } from '../services/assets/predefined';
import type { DemoTimer } from './audience/pollsQnaTimer';

/** Ours: a demo upload moves at this rate, never quicker than the minimum, in steps of the tick. */
export const DEMO_UPLOAD_BYTES_PER_SECOND = 4 * 1024 * 1024;
export const DEMO_UPLOAD_MIN_MS = 1200;
export const DEMO_UPLOAD_TICK_MS = 100;

let uploads = 0;

export function createDemoAssets(schedule: DemoTimer): AssetService {
  return {
    list: async (kind: AssetKind): Promise<Asset[]> => PREDEFINED_ASSETS[kind].map(({ number: _n, ...asset }) => asset),
    upload(kind, file, onProgress) {
      const duration = Math.max(DEMO_UPLOAD_MIN_MS, (file.size / DEMO_UPLOAD_BYTES_PER_SECOND) * 1000);
      const steps = Math.ceil(duration / DEMO_UPLOAD_TICK_MS);
      return new Promise((resolve) => {
        const tick = (step: number) => {
          onProgress(Math.round((step / steps) * 100));
          if (step < steps) {
            schedule.setTimeout(() => tick(step + 1), DEMO_UPLOAD_TICK_MS);
            return;
          }
          uploads += 1;
          const url = URL.createObjectURL(file);
          const type = file.type.startsWith('video/') || /\.(mp4|mov|webm|ogv)$/i.test(file.name) ? 'video' : 'image';
          resolve({ id: `upload-${kind}-${uploads}`, title: file.name.replace(/\.[^.]+$/, ''), url, thumbnail: url, type, origin: 'user_asset' });
        };
        tick(0);
      });
    },
  };
}
