/**
 * While a card is dragged: what dropping it here will do, beside the pointer ('Move here', 'Swap on
 * air with Amara', 'Put Alex Morgan on air'); over the preview, the preview is outlined too (an
 * overlay over its box: the preview's own size and layout stay the stage's).
 */

/** The live preview: a card dropped on it goes on air (found by its test id; its size and layout are the stage's). */
export const previewElement = () => document.querySelector<HTMLElement>('[data-testid="stage-preview"]');

export function DragIntent({ x, y, text, onPreview }: { x: number; y: number; text: string; onPreview: boolean }) {
  const box = onPreview ? previewElement()?.getBoundingClientRect() : null;
  return (
    <>
      {box && <div className="drop-preview-outline" style={{ left: box.left, top: box.top, width: box.width, height: box.height }} aria-hidden />}
      <div className="drag-intent" role="status" data-testid="drag-intent" style={{ left: x + 14, top: y + 14 }}>
        {text}
      </div>
    </>
  );
}
