/**
 * The file picker of one asset kind (§5 formats per kind): open() shows it; the chosen file is checked
 * and uploaded (services/uploads). A refused file leaves its reason here for the section to show, and
 * adds nothing. `retry` (a failed item, §2 'Failed - click to retry!') replaces that item.
 */
import { useRef, useState } from 'react';
import type { AssetKind } from '../../state/assets';
import { libraryActions } from '../../state/graphics/library';
import { acceptAttribute } from '../../lib/uploadRules';
import { uploadAsset } from '../../services/assets/uploads';

export function useUploader(kind: AssetKind) {
  const input = useRef<HTMLInputElement | null>(null);
  const retrying = useRef<string | null>(null);
  const [reason, setReason] = useState<string | null>(null);
  const choose = async (file: File | undefined) => {
    const failed = retrying.current;
    retrying.current = null;
    if (!file) return;
    if (failed) libraryActions.remove(kind, failed);
    const outcome = await uploadAsset(kind, file);
    setReason(outcome.ok ? null : outcome.reason);
  };
  return {
    reason,
    open(retryId?: string) {
      retrying.current = retryId ?? null;
      input.current?.click();
    },
    /** The hidden <input type=file>; rendered once by the section. */
    inputProps: {
      ref: input,
      type: 'file' as const,
      accept: acceptAttribute(kind),
      hidden: true,
      tabIndex: -1,
      'aria-hidden': true,
      'data-upload-kind': kind,
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
        const file = e.target.files?.[0];
        e.target.value = ''; // the same file can be chosen again
        void choose(file);
      },
    },
  };
}
