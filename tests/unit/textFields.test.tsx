/**
 * Text fields past their limit keep the cut text and say why under the field (DESIGN: never
 * silent loss); what they save is the shared text rule's output (§5 inline rename, Q&A reply).
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InlineRename } from '../../src/ui/InlineRename';
import { ReplyForm } from '../../src/features/qna/ReplyForm';
import { QNA_TEXTS as T } from '../../src/features/qna/texts';
import { NAME_MAX } from '../../src/lib/limits';
import { QNA_REPLY_MAX } from '../../src/state/qna/limits';

function rename(onSave = vi.fn()) {
  const user = userEvent.setup();
  render(<InlineRename value="Lukas Becker" label="Name of Lukas Becker" onSave={onSave} showSaved={false} />);
  return { user, onSave, open: () => user.click(screen.getByRole('button', { name: /Rename/ })), box: () => screen.getByRole('textbox', { name: 'Name of Lukas Becker' }) };
}

describe('inline rename (§5)', () => {
  it('cuts a pasted name to the name limit, says so, and saves the cut name', async () => {
    const { user, onSave, open, box } = rename();
    await open();
    await user.clear(box());
    await user.paste('n'.repeat(NAME_MAX + 10));
    expect(box()).toHaveValue('n'.repeat(NAME_MAX));
    expect(screen.getByRole('status')).toHaveTextContent(`Cut to ${NAME_MAX} characters`);
    await user.keyboard('{Enter}');
    expect(onSave).toHaveBeenCalledWith('n'.repeat(NAME_MAX));
    expect(screen.queryByText(/Cut to/)).toBeNull();
  });

  it('keeps entities and prose, removes tags, and reverts a name with nothing visible', async () => {
    const { user, onSave, open, box } = rename();
    await open();
    await user.clear(box());
    await user.paste('Tom &amp; <b>Jerry</b> <3');
    await user.keyboard('{Enter}');
    expect(onSave).toHaveBeenLastCalledWith('Tom &amp; Jerry <3');
    await open();
    await user.clear(box());
    await user.paste('\u200B\u2060');
    await user.keyboard('{Enter}');
    expect(onSave).toHaveBeenCalledTimes(1);
  });
});

describe('Q&A reply', () => {
  it('cuts at the reply limit, says so, and sends the cut text', async () => {
    const onSend = vi.fn(async () => true);
    const user = userEvent.setup();
    render(<ReplyForm busy={false} onSend={onSend} onCancel={() => undefined} />);
    const box = screen.getByRole('textbox', { name: T.replyLabel });
    await user.click(box);
    await user.paste('r'.repeat(QNA_REPLY_MAX + 100));
    expect(box).toHaveValue('r'.repeat(QNA_REPLY_MAX));
    expect(screen.getByRole('status')).toHaveTextContent(`Cut to ${QNA_REPLY_MAX} characters`);
    await user.click(screen.getByRole('button', { name: T.sendReply }));
    expect(onSend).toHaveBeenCalledWith('r'.repeat(QNA_REPLY_MAX));
  });
});
