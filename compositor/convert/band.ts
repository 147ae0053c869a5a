/**
 * The bottom band applied to a scene (issue 26): each lower graphic's height from its kind's
 * geometry, one plan from layout/bottomBand, and the plan written back into the scene (producer
 * rects in the producers' area, the lower third's and the chat card's places, name tags inside
 * title-safe above the graphics). Pure.
 */
import { nametagArea, placeInArea, planBottomBand, type BandPlan } from '../layout';
import { GRAPHICS_PLACES, LANDSCAPE, type FrameShape } from '../model/frame';
import type { SceneProducer, SceneTemplate } from '../model/scene';
import { chatOverlayHeight } from '../templates/chatOverlay/geometry';
import { LOWER_THIRD_THEMES } from '../templates/lowerThird/schema';
import { lowerThirdHeight } from '../templates/lowerThird/geometry';

export function planFor(templates: readonly SceneTemplate[], shiftVideosUp: boolean, shape: FrameShape = LANDSCAPE): BandPlan {
  let ticker = false;
  let lowerThird: number | null = null;
  let chat: number | null = null;
  for (const t of templates) {
    if (t.kind === 'ticker' && t.text.trim()) ticker = true;
    else if (t.kind === 'lowerThird') {
      const h = lowerThirdHeight({ primary: t.primaryText, secondary: t.secondaryText }, LOWER_THIRD_THEMES[t.theme], shape);
      if (h > 0) lowerThird = Math.max(lowerThird ?? 0, h);
    } else if (t.kind === 'chat') {
      const h = chatOverlayHeight(t.text, t.name, shape);
      if (h > 0) chat = h;
    }
  }
  return planBottomBand({ ticker, lowerThird, chat, shiftVideosUp }, GRAPHICS_PLACES[shape]);
}

export function applyBand(plan: BandPlan, producers: SceneProducer[], templates: SceneTemplate[], shape: FrameShape = LANDSCAPE): { producers: SceneProducer[]; templates: SceneTemplate[] } {
  const { safe } = GRAPHICS_PLACES[shape];
  const placed = producers.map((p) => ({ ...p, rect: placeInArea(p.rect, plan.producerArea) }));
  const out: SceneTemplate[] = [];
  for (const t of templates) {
    if (t.kind === 'lowerThird' && plan.lowerThirdBottom !== null) out.push({ ...t, bottom: plan.lowerThirdBottom });
    else if (t.kind === 'chat' && plan.chat) out.push({ ...t, bottom: plan.chat.bottom, ceiling: plan.chat.ceiling });
    else if (t.kind === 'nametag') {
      const area = nametagArea(placeInArea(t.rect, plan.producerArea), plan.top, safe);
      if (area) out.push({ ...t, rect: area });
    } else out.push(t);
  }
  return { producers: placed, templates: out };
}
