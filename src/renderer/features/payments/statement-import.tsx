import type { TFunction } from 'i18next';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { PAYMENT_LIMITS, STATEMENT_COLUMNS, type StatementDetail, type StatementLine } from '../../../shared/api/payments';
import { hasPermission } from '../../../shared/auth/permissions';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { RefusalAlert } from '../../components/refusal-alert';
import { Spinner } from '../../components/spinner';
import { describeRefusal } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { asTransportError } from '../../lib/transport-error';
import { currentUserAtom } from '../../lib/session';
import { useImportStatement, useStatement, useUploadStatement } from './statement-api';
import { StatementHistory } from './statement-history';
import { StatementPreview } from './statement-preview';
import { StatementLineResolution } from './statement-line-resolution';
import './statement-import.css';

/** A refused upload or import in words (the file's refusal first); an imported statement says when it was imported. */
function statementRefusal(error: unknown, t: TFunction, formatDate: (value: string) => string): string {
  const refused = describeRefusal(error, t, { 412: t('refusal.stale') });
  const said = refused.fieldErrors.file?.[0] ?? refused.message;
  const body = asTransportError(error).body;
  const importedAt = body && typeof body === 'object' ? (body as { imported_at?: unknown }).imported_at : undefined;
  return typeof importedAt === 'string' ? `${said} ${t('refusal.importedOn', { date: formatDate(importedAt) })}` : said;
}

// The bank statement import, opened from the payments list's header: the column
// layout in words, a CSV file to choose and upload, the preview of what each line will do, the
// import, and the statements uploaded before. Shown to those who may record payments.

export function StatementImportButton() {
  const { t } = useTranslation('payments-import');
  const user = useAtomValue(currentUserAtom);
  const [isOpen, setOpen] = useState(false);
  if (!hasPermission(user, 'payments.mark_paid')) return null;
  return (
    <>
      <Button onPress={() => setOpen(true)}>{t('button')}</Button>
      {isOpen ? <StatementImportDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function StatementImportDialog({ onClose }: { onClose(): void }) {
  const { t, i18n } = useTranslation('payments-import');
  const format = useFormat();
  const [file, setFile] = useState<File | null>(null);
  const [openedId, setOpenedId] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [recorded, setRecorded] = useState<number | null>(null);
  const [resolving, setResolving] = useState<StatementLine | null>(null);
  const [resolved, setResolved] = useState<string | null>(null);
  const upload = useUploadStatement(i18n.language);
  const importing = useImportStatement(i18n.language);
  const opened = useStatement(openedId, i18n.language);
  const busy = upload.isPending || importing.isPending;

  const refuse = (error: unknown) => setRefusal(statementRefusal(error, t, format.dateTime));

  const choose = (files: FileList | null) => {
    const chosen = files?.[0] ?? null;
    setRefusal(null);
    setFile(chosen);
    // Checked here too, so a person does not wait for a large file to be refused.
    if (chosen && chosen.size > PAYMENT_LIMITS.statementBytes) setRefusal(t('refusal.tooLarge', { size: format.fileSize(PAYMENT_LIMITS.statementBytes) }));
  };

  const send = () => {
    if (!file) return;
    setRefusal(null);
    setRecorded(null);
    upload.mutate(file, {
      onSuccess: (detail) => {
        setOpenedId(detail.id);
        setFile(null);
      },
      onError: refuse,
    });
  };

  const confirm = (statement: StatementDetail) => {
    setRefusal(null);
    importing.mutate(
      { id: statement.id, version: statement.version },
      { onSuccess: (detail) => setRecorded(detail.matched_count), onError: refuse },
    );
  };

  const back = () => {
    setOpenedId(null);
    setRecorded(null);
    setRefusal(null);
  };

  const statement = opened.data;
  return (
    <Dialog isOpen onOpenChange={(open) => (open ? undefined : onClose())} title={t('title')} size="wide" isBusy={busy}>
      <div className="dialog__body statement-import">
        {refusal ? <RefusalAlert title={t('refusal.title')} message={refusal} onDismiss={() => setRefusal(null)} /> : null}
        {recorded !== null ? (
          <Alert tone="success" title={t('result.title')}>
            {t('result.recorded', { count: recorded })}
          </Alert>
        ) : null}

        {openedId === null ? (
          <>
            <section aria-label={t('layout.title')}>
              <h3 className="statement-import__heading">{t('layout.title')}</h3>
              <p>{t('layout.intro')}</p>
              <ul className="statement-import__columns">
                {STATEMENT_COLUMNS.map((column) => (
                  <li key={column}>
                    <code>{column}</code>: {t(`layout.columns.${column}`)}
                  </li>
                ))}
              </ul>
              <p>{t('layout.rules', { size: format.fileSize(PAYMENT_LIMITS.statementBytes), lines: format.number(PAYMENT_LIMITS.statementLines) })}</p>
            </section>
            <div className="statement-import__upload">
              <FileTrigger acceptedFileTypes={['.csv', 'text/csv']} onSelect={choose}>
                <Button isDisabled={busy}>{t('upload.choose')}</Button>
              </FileTrigger>
              <span className="statement-import__file" aria-live="polite">
                {file ? t('upload.chosen', { name: file.name, size: format.fileSize(file.size) }) : t('upload.none')}
              </span>
              <Button variant="primary" onPress={send} isDisabled={!file || file.size > PAYMENT_LIMITS.statementBytes} isPending={upload.isPending}>
                {t('upload.send')}
              </Button>
            </div>
            <StatementHistory
              onOpen={(id) => {
                setRefusal(null);
                setRecorded(null);
                setOpenedId(id);
              }}
            />
          </>
        ) : (
          <>
            {opened.isPending ? <Spinner label={t('preview.loading')} /> : null}
            {opened.isError ? (
              <Alert tone="error" title={t('preview.couldNotLoad')}>
                {statementRefusal(opened.error, t, format.dateTime)}
              </Alert>
            ) : null}
            {resolved ? (
              <Alert tone="success" title={resolved} onDismiss={() => setResolved(null)} />
            ) : null}
            {statement ? (
              <StatementPreview
                statement={statement}
                mayRecord
                isImporting={importing.isPending}
                onImport={() => confirm(statement)}
                onResolve={(line) => {
                  setResolved(null);
                  setResolving(line);
                }}
              />
            ) : null}
            {statement && resolving ? (
              <StatementLineResolution
                statementId={statement.id}
                line={resolving}
                onClose={(summary) => {
                  setResolving(null);
                  if (summary) setResolved(summary);
                }}
              />
            ) : null}
          </>
        )}
      </div>
      <div className="dialog__actions">
        {openedId !== null ? (
          <Button onPress={back} isDisabled={busy}>
            {t('back')}
          </Button>
        ) : null}
        <Button onPress={onClose} isDisabled={busy}>
          {t('close')}
        </Button>
      </div>
    </Dialog>
  );
}
