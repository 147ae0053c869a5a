/**
 * While a card is dragged: what dropping it here will do, beside the pointer ('Move here', 'Swap on
 * air with Amara', 'Put Alex Morgan on air'); over a preview, that preview is outlined too (an
 * overlay over its box: the preview's own size and layout stay the stage's).
 */

/**
 * The live previews, 16:9 and (when shown, issue 34) vertical: a card dropped on either goes on air
 * (found by their test ids; their size and layout are the stage's).
 */
const previewElements = () => [...document.querySelectorAll<HTMLElement>('[data-testid="stage-preview"], [data-testid="stage-preview-vertical"]')];

const inside = (r: DOMRect, x: number, y: number) => x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;

/** The preview under the pointer, if any. */
export const previewAt = (x: number, y: number): HTMLElement | undefined => previewElements().find((el) => inside(el.getBoundingClientRect(), x, y));

export function DragIntent({ x, y, text, onPreview }: { x: number; y: number; text: string; onPreview: boolean }) {
  const box = onPreview ? previewAt(x, y)?.getBoundingClientRect() : null;
  return (
    <>
      {box && <div className="drop-preview-outline" style={{ left: box.left, top: box.top, width: box.width, height: box.height }} aria-hidden />}
      <div className="drag-intent" role="status" data-testid="drag-intent" style={{ left: x + 14, top: y + 14 }}>
        {text}
      </div>
    </>
  );
}
