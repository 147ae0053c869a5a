/**
 * The Poll tool (§2 Poll): Active and Completed tabs (remembered), a create/edit form, and each
 * poll by its §4 state. It reads the poll store and calls the poll commands; whether a demo audience or
 * a backend is behind them is not its business. Polls it shows are marked seen.
 */
import { Plus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useMeetingStore } from '../../state/meetingStore';
import { usePollStore } from '../../state/polls/pollStore';
import { createPoll, deletePoll, editPoll, endPoll, markPollsSeen, startPoll } from '../../services/audience/polls';
import { canEditPoll, canStartPoll, POLL_TABS, pollsInTab, type PollTab } from '../../state/polls/rules';
import type { PollDraft } from '../../state/polls/types';
import { ConfirmDelete } from '../../ui/ConfirmDelete';
import { FailureNotice } from '../../ui/FailureNotice';
import { Tabs } from '../../ui/Tabs';
import { usePersistedTab } from '../../ui/usePersistedTab';
import { PollCard } from './PollCard';
import { PollForm } from './PollForm';
import { POLL_TEXTS as T } from './texts';
import './poll.css';

type Editing = { mode: 'new' } | { mode: 'edit'; pollGuid: string } | null;

export interface PollPanelProps {
  /** The event's pollShortUrl (§3 Event information); by default the connected event's. */
  shortUrl?: string;
}

export function PollPanel({ shortUrl }: PollPanelProps) {
  const { polls, busy, failure, seen } = usePollStore(useShallow((s) => ({ polls: s.polls, busy: s.busy, failure: s.failure, seen: s.seen })));
  const eventShortUrl = useMeetingStore((s) => s.eventInformation?.pollShortUrl ?? '');
  const [tab, setTab] = usePersistedTab<PollTab>('poll', POLL_TABS, 'ACTIVE');
  const [editing, setEditing] = useState<Editing>(null);
  const [saving, setSaving] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);

  const shown = useMemo(() => pollsInTab(polls, tab), [polls, tab]);

  // Mark the polls on screen as seen (§4: the unseen count is polls not in the seen list).
  useEffect(() => {
    if (editing) return;
    const unseen = shown.map((p) => p.pollGuid).filter((g) => !seen.includes(g));
    if (unseen.length > 0) markPollsSeen(unseen);
  }, [shown, seen, editing]);

  const store = usePollStore.getState;
  const openForm = (next: Editing) => {
    store().clearFailure();
    setEditing(next);
  };
  const save = async (draft: PollDraft) => {
    if (!editing) return;
    setSaving(true);
    const ok = editing.mode === 'new' ? (await createPoll(draft)) !== null : await editPoll(editing.pollGuid, draft);
    setSaving(false);
    if (!ok) return;
    setEditing(null);
    setTab('ACTIVE');
  };

  const editedPoll = editing?.mode === 'edit' ? polls.find((p) => p.pollGuid === editing.pollGuid) : undefined;
  // A poll removed or started elsewhere while its form was open: the form has nothing left to edit.
  const editGone = editing?.mode === 'edit' && (!editedPoll || !canEditPoll(editedPoll));
  useEffect(() => {
    if (editGone) setEditing(null);
  }, [editGone]);

  if (editing && !editGone) {
    const poll = editedPoll;
    const formFailure = failure && (failure.command === 'create' || failure.command === 'update') ? T.failure(failure.command, failure.detail) : null;
    return (
      <div className="poll-panel">
        <PollForm
          key={editing.mode === 'edit' ? editing.pollGuid : 'new'}
          title={editing.mode === 'new' ? T.newPollTitle : T.editPollTitle}
          initial={poll ? { question: poll.question, options: poll.options } : undefined}
          busy={saving}
          error={formFailure}
          onSave={(draft) => void save(draft)}
          onCancel={() => openForm(null)}
        />
      </div>
    );
  }

  const toDelete = confirmDelete ? polls.find((p) => p.pollGuid === confirmDelete) : undefined;
  return (
    <div className="poll-panel">
      <div className="poll-toolbar">
        <button type="button" className="btn btn-primary btn-small" onClick={() => openForm({ mode: 'new' })}>
          <Plus size={14} aria-hidden />
          {T.createPoll}
        </button>
      </div>
      {failure && <FailureNotice className="poll-failure" message={T.failure(failure.command, failure.detail)} onDismiss={() => store().clearFailure()} />}
      <Tabs
        label={T.tabsLabel}
        value={tab}
        onChange={setTab}
        tabs={[
          { value: 'ACTIVE', label: T.tabActive, count: pollsInTab(polls, 'ACTIVE').length },
          { value: 'COMPLETED', label: T.tabCompleted, count: pollsInTab(polls, 'COMPLETED').length },
        ]}
      >
        {shown.length === 0 ? (
          <p className="poll-empty">{tab === 'ACTIVE' ? T.noActivePoll : T.noCompletedPoll}</p>
        ) : (
          <div className="poll-list">
            {shown.map((poll) => (
              <PollCard
                key={poll.pollGuid}
                poll={poll}
                busy={busy.includes(poll.pollGuid)}
                canStart={canStartPoll(polls, poll)}
                shortUrl={shortUrl ?? eventShortUrl}
                onEdit={() => openForm({ mode: 'edit', pollGuid: poll.pollGuid })}
                onDelete={() => setConfirmDelete(poll.pollGuid)}
                onStart={() => void startPoll(poll.pollGuid)}
                onEnd={() => void endPoll(poll.pollGuid)}
              />
            ))}
          </div>
        )}
      </Tabs>
      {toDelete && (
        <ConfirmDelete
          title={T.deleteTitle}
          subject={toDelete.question}
          body={T.deleteBody}
          confirmLabel={T.confirmDelete}
          onClose={() => setConfirmDelete(null)}
          onDelete={() => void deletePoll(toDelete.pollGuid)}
        />
      )}
    </div>
  );
}
