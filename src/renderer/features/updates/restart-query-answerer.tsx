import { useCallback, useEffect, useRef, useState } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { listUnsavedWork, unsavedWorkAtom, type UnsavedWork } from '../../lib/unsaved-work';
import { getBridge } from '../../platform/bridge';
import './updates.css';

function describeWork(work: UnsavedWork, t: TFunction<'updates'>): string {
  switch (work.kind) {
    case 'form':
      return work.label ? t('restartQuery.work.formNamed', { name: work.label }) : t('restartQuery.work.form');
    case 'counter_draft':
      return t('restartQuery.work.counterDraft');
    case 'transfer':
      return work.label ? t('restartQuery.work.transferNamed', { name: work.label }) : t('restartQuery.work.transfer');
  }
}

/**
 * Answers main's "may I restart to update?" (`updates:restart-query`), mounted once for the
 * signed-in app. Nothing unsaved: yes at once. Otherwise the person sees what would be lost and
 * chooses; with a file transfer running they can only keep working. Every query is answered
 * exactly once: a dismissed dialog, a newer query or leaving the app answers no.
 */
export function RestartQueryAnswerer() {
  const { t } = useTranslation('updates');
  const store = useStore();
  const work = listUnsavedWork(useAtomValue(unsavedWorkAtom));
  const [openQuery, setOpenQuery] = useState<string | null>(null);
  const asking = useRef<string | null>(null);
  const answered = useRef(new Set<string>());

  const answer = useCallback((queryId: string, proceed: boolean) => {
    if (answered.current.has(queryId)) return;
    answered.current.add(queryId);
    if (asking.current === queryId) {
      asking.current = null;
      setOpenQuery(null);
    }
    // Main keeps the update for later if this never arrives (RESTART_QUERY_TIMEOUT_MS).
    void getBridge().updates.answerRestart({ query_id: queryId, proceed }).catch(() => {});
  }, []);

  useEffect(() => {
    const stop = getBridge().on('updates:restart-query', ({ query_id }) => {
      if (store.get(unsavedWorkAtom).size === 0) {
        answer(query_id, true);
        return;
      }
      if (asking.current) answer(asking.current, false);
      asking.current = query_id;
      setOpenQuery(query_id);
    });
    return () => {
      stop();
      if (asking.current) answer(asking.current, false);
    };
  }, [store, answer]);

  const transferRunning = work.some((piece) => piece.kind === 'transfer');
  return (
    <Dialog
      isOpen={openQuery !== null}
      onOpenChange={(open) => {
        if (!open && openQuery) answer(openQuery, false);
      }}
      title={t('restartQuery.title')}
      role="alertdialog"
    >
      <div className="dialog__body">
        {work.length > 0 ? (
          <>
            <p>{t('restartQuery.intro')}</p>
            <ul className="restart-query__list">
              {work.map((piece) => {
                const text = describeWork(piece, t);
                return <li key={text}>{text}</li>;
              })}
            </ul>
          </>
        ) : (
          // Saved or finished while the question was open.
          <p>{t('restartQuery.nothingLeft')}</p>
        )}
        {transferRunning ? <p>{t('restartQuery.transferWait')}</p> : null}
      </div>
      <div className="dialog__actions">
        {transferRunning ? null : (
          <Button variant="danger" onPress={() => openQuery && answer(openQuery, true)}>
            {t('restartQuery.restartAnyway')}
          </Button>
        )}
        <Button variant="primary" autoFocus onPress={() => openQuery && answer(openQuery, false)}>
          {t('restartQuery.keepWorking')}
        </Button>
      </div>
    </Dialog>
  );
}
