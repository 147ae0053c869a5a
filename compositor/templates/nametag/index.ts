/** The name-tag graphic (§3 Nametag template): definition, schema, geometry and view. */
import type { SceneNametag, SceneTemplate } from '../../model/scene';
import { defineTemplate } from '../types';
import { NAMETAG_FONTS, NAMETAG_Z } from './schema';
import { createNametagView } from './view';

export const nametagTemplate = defineTemplate<SceneNametag>({
  kind: 'nametag',
  z: NAMETAG_Z,
  fonts: NAMETAG_FONTS,
  accepts: (model: SceneTemplate): model is SceneNametag => model.kind === 'nametag',
  create: createNametagView,
});

export * from './schema';
export * from './geometry';
export { NametagView, nametagLooksDifferent } from './view';
