/** §4 Question: the success mask shown after publish or decline; it hides after the §9 info-message time. */
import { CheckCircle2, EyeOff } from 'lucide-react';
import { QNA_TEXTS as T } from './texts';

export type MaskKind = 'published' | 'declined';

export function SuccessMask({ kind, onDismiss }: { kind: MaskKind; onDismiss(): void }) {
  const Icon = kind === 'published' ? CheckCircle2 : EyeOff;
  return (
    <div className={`qna-mask qna-mask-${kind}`} role="status" onClick={onDismiss}>
      <div className="qna-mask-box">
        <Icon size={36} aria-hidden />
        <p>{kind === 'published' ? T.publishedMask : T.declinedMask}</p>
      </div>
    </div>
  );
}
