/** The lower-third graphic (§3 Template item type LOWERTHIRD, §4 Lower third): definition, schema, geometry and view. */
import { LOWER_THIRD_Z } from '../../model/constants';
import type { SceneLowerThird, SceneTemplate } from '../../model/scene';
import { defineTemplate } from '../types';
import { LT_FONTS } from './schema';
import { createLowerThirdView } from './view';

export const lowerThirdTemplate = defineTemplate<SceneLowerThird>({
  kind: 'lowerThird',
  z: LOWER_THIRD_Z, // §9 lower third 10000
  fonts: LT_FONTS,
  accepts: (model: SceneTemplate): model is SceneLowerThird => model.kind === 'lowerThird',
  create: createLowerThirdView,
});

export * from './schema';
export * from './geometry';
export { LowerThirdView, lowerThirdLooksDifferent } from './view';
