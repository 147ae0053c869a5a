/** The logo graphic (§3 Template item type LOGO, §4 Logo): definition, schema, geometry and view. */
import { LOGO_Z } from '../../model/constants';
import type { SceneLogo, SceneTemplate } from '../../model/scene';
import { defineTemplate } from '../types';
import { createLogoView } from './view';

export const logoTemplate = defineTemplate<SceneLogo>({
  kind: 'logo',
  z: LOGO_Z, // §9 logo 10002
  fonts: [],
  accepts: (model: SceneTemplate): model is SceneLogo => model.kind === 'logo',
  create: createLogoView,
});

export * from './schema';
export * from './geometry';
export { LogoView, logoLooksDifferent } from './view';
