import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Heading } from 'react-aria-components';
import {
  CONFIRMATION_ANSWERS,
  confirmationReplyInput,
  confirmationRequestInput,
  type ConfirmationReplyInput,
  type ConfirmationRequest,
  type ConfirmationRequestInput,
} from '../../../shared/api/confirmation-requests';
import type { VerificationContact } from '../../../shared/api/authenticity';
import { kosovoDate } from '../../../shared/domain/deadline-dates';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { DataTable, type DataColumn } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { FormDateField, FormSelectField, FormTextAreaField } from '../../components/form-fields';
import { Spinner } from '../../components/spinner';
import { notifySuccess } from '../../components/toast';
import { useApplicationAuthenticity } from '../../lib/authenticity-api';
import { describeRefusal, translateError } from '../../lib/error-translator';
import { topField, useSchemaForm } from '../../lib/form';
import { useFormat } from '../../lib/format';
import { saveInspectorateReport, useCloseRequest, useConfirmationRequests, useRecordReply, useSendConfirmationRequest } from './confirmation-requests-api';
// Its own rules live with the feature's; the detail screen is often opened without the list.
import './applications.css';

// Confirmation requests on the application's documents tab, for those who establish authenticity:
// ask the issuing institution (through a verification contact of its dossier) whether it issued a
// document, then record its reply, close the request unanswered or cancel it. A reply that does not
// confirm the document marks it as doubted and offers the report to the inspectorate.

interface DocumentOption {
  id: number;
  file_name: string;
  document_type: string;
  has_file: boolean;
}

/** What can go with the e-mail: documents with a stored file, the original diplomas first. */
function attachable(documents: readonly DocumentOption[]): DocumentOption[] {
  const stored = documents.filter((document) => document.has_file);
  return [...stored.filter((document) => document.document_type === 'original_diploma'), ...stored.filter((document) => document.document_type !== 'original_diploma')];
}

const orNull = (value: string | null | undefined) => (value ? value : null);

function Refusal({ error }: { error: unknown }) {
  const { t } = useTranslation(['authenticity', 'common']);
  if (!error) return null;
  const described = describeRefusal(error, t, {});
  return described.formMessage ? <Alert tone="error" title={described.formMessage} /> : null;
}

interface SendValues {
  document_id: string;
  contact_id: string;
  note: string;
}

function SendDialog({ applicationId, documents, onClose }: { applicationId: number; documents: readonly DocumentOption[]; onClose(): void }) {
  const { t } = useTranslation(['authenticity', 'common']);
  const authenticity = useApplicationAuthenticity(applicationId);
  // The form starts once the dossier's contacts are known, so its first contact is chosen.
  if (authenticity.data) {
    const contacts = (authenticity.data.contacts ?? []).filter((contact) => contact.registrar_email);
    return <SendForm applicationId={applicationId} documents={attachable(documents)} contacts={contacts} onClose={onClose} />;
  }
  return (
    <Dialog isOpen onOpenChange={(open) => !open && onClose()} title={t('confirmation.send')}>
      <div className="dialog__body">{authenticity.isError ? <Alert tone="error">{translateError(authenticity.error, t).message}</Alert> : <Spinner label={t('common:loading')} />}</div>
      <div className="dialog__actions">
        <Button variant="secondary" onPress={onClose}>
          {t('dossier.cancel')}
        </Button>
      </div>
    </Dialog>
  );
}

function SendForm({ applicationId, documents, contacts, onClose }: { applicationId: number; documents: readonly DocumentOption[]; contacts: readonly VerificationContact[]; onClose(): void }) {
  const { t } = useTranslation('authenticity');
  const send = useSendConfirmationRequest(applicationId);
  const requests = useConfirmationRequests(applicationId);
  const form = useSchemaForm<SendValues, ConfirmationRequestInput>({
    schema: confirmationRequestInput,
    defaultValues: { document_id: documents[0] ? String(documents[0].id) : '', contact_id: contacts[0] ? String(contacts[0].id) : '', note: '' },
    toRequest: (values) => ({ document_id: Number(values.document_id), contact_id: Number(values.contact_id), note: orNull(values.note) }),
    fieldOf: topField,
    refusal: send.error,
  });
  const { control } = form;
  return (
    <Dialog holdsUnsavedWork isOpen onOpenChange={(open) => !open && onClose()} title={t('confirmation.send')} isBusy={send.isPending}>
      <Form
        validationBehavior="aria"
        onSubmit={(event) =>
          void form.handleSubmit((request) =>
            send.mutate(request, {
              onSuccess: () => {
                notifySuccess('created');
                void requests.refetch();
                onClose();
              },
            }),
          )(event)
        }
      >
        <div className="dialog__body form">
          {contacts.length === 0 ? <Alert tone="warning" title={t('confirmation.noContact')} /> : null}
          <FormSelectField control={control} name="document_id" label={t('confirmation.fields.document')} options={documents.map((document) => ({ value: String(document.id), label: document.file_name }))} />
          <FormSelectField
            control={control}
            name="contact_id"
            label={t('confirmation.fields.contact')}
            options={contacts.map((contact) => ({ value: String(contact.id), label: `${contact.registrar_email} · ${t(`language.${contact.language}`)}`, description: contact.source }))}
          />
          <FormTextAreaField control={control} name="note" label={t('confirmation.fields.note')} rows={3} />
          <p className="muted">{t('confirmation.sendHint')}</p>
          <Refusal error={send.error} />
        </div>
        <div className="dialog__actions">
          <Button variant="secondary" onPress={onClose} isDisabled={send.isPending}>
            {t('dossier.cancel')}
          </Button>
          <Button type="submit" variant="primary" isPending={send.isPending}>
            {t('confirmation.sendSubmit')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}

interface ReplyValues {
  answer: string;
  answered_on: string | null;
  reply_document_id: string;
  reply_text: string;
  note: string;
}

function ReplyDialog({ applicationId, request, documents, onClose }: { applicationId: number; request: ConfirmationRequest; documents: readonly DocumentOption[]; onClose(): void }) {
  const { t } = useTranslation('authenticity');
  const record = useRecordReply(applicationId);
  const requests = useConfirmationRequests(applicationId);
  const form = useSchemaForm<ReplyValues, ConfirmationReplyInput>({
    schema: confirmationReplyInput,
    defaultValues: { answer: 'confirmed', answered_on: kosovoDate(new Date()), reply_document_id: '', reply_text: '', note: '' },
    toRequest: (values) => ({
      answer: values.answer as ConfirmationReplyInput['answer'],
      answered_on: values.answered_on ?? '',
      reply_document_id: values.reply_document_id ? Number(values.reply_document_id) : null,
      reply_text: orNull(values.reply_text),
      note: orNull(values.note),
    }),
    fieldOf: topField,
    refusal: record.error,
  });
  const { control } = form;
  return (
    <Dialog holdsUnsavedWork isOpen onOpenChange={(open) => !open && onClose()} title={t('confirmation.recordReplyTo', { reference: request.reference })} isBusy={record.isPending}>
      <Form
        validationBehavior="aria"
        onSubmit={(event) =>
          void form.handleSubmit((reply) =>
            record.mutate(
              { ...reply, requestId: request.id },
              {
                onSuccess: () => {
                  notifySuccess('saved');
                  void requests.refetch();
                  onClose();
                },
              },
            ),
          )(event)
        }
      >
        <div className="dialog__body form">
          <FormSelectField control={control} name="answer" label={t('confirmation.fields.answer')} options={CONFIRMATION_ANSWERS.map((answer) => ({ value: answer, label: t(`confirmation.answers.${answer}`) }))} />
          <FormDateField control={control} name="answered_on" label={t('confirmation.fields.answeredOn')} />
          <FormSelectField
            control={control}
            name="reply_document_id"
            label={t('confirmation.fields.replyDocument')}
            emptyLabel={t('confirmation.noReplyFile')}
            options={documents.filter((document) => document.has_file).map((document) => ({ value: String(document.id), label: document.file_name }))}
          />
          <FormTextAreaField control={control} name="reply_text" label={t('confirmation.fields.replyText')} rows={3} />
          <FormTextAreaField control={control} name="note" label={t('confirmation.fields.note')} rows={2} />
          <p className="muted">{t('confirmation.replyHint')}</p>
          <Refusal error={record.error} />
        </div>
        <div className="dialog__actions">
          <Button variant="secondary" onPress={onClose} isDisabled={record.isPending}>
            {t('dossier.cancel')}
          </Button>
          <Button type="submit" variant="primary" isPending={record.isPending}>
            {t('confirmation.recordReply')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}

function stateText(request: ConfirmationRequest, t: (key: string) => string): string {
  if (request.state === 'answered' && request.answer) return t(`confirmation.answers.${request.answer}`);
  return t(`confirmation.states.${request.state}`);
}

export function ConfirmationRequestsPanel({ applicationId, documents, mayWrite }: { applicationId: number; documents: readonly DocumentOption[]; mayWrite: boolean }) {
  const { t } = useTranslation(['authenticity', 'common']);
  const format = useFormat();
  const requests = useConfirmationRequests(applicationId);
  const close = useCloseRequest(applicationId);
  const [open, setOpen] = useState<{ kind: 'send' } | { kind: 'reply'; request: ConfirmationRequest } | null>(null);

  const closeAs = (request: ConfirmationRequest, outcome: 'no_answer' | 'cancelled') =>
    close.mutate({ requestId: request.id, outcome, note: null }, { onSuccess: () => (notifySuccess('saved'), void requests.refetch()) });

  // The documents tab is narrow beside the actions: the document sits under the reference, the
  // address and the e-mail's fate under the day it was sent, and they wrap rather than being cut.
  const columns: DataColumn<ConfirmationRequest>[] = [
    {
      id: 'reference',
      kind: 'reference',
      title: t('confirmation.columns.reference'),
      isRowHeader: true,
      text: (row) => row.reference,
      render: (row) => (
        <>
          {row.reference}
          <br />
          <span className="muted confirmation-requests__file">{row.document_file_name}</span>
        </>
      ),
    },
    {
      id: 'sent',
      kind: 'text',
      wraps: true,
      width: '10rem',
      title: t('confirmation.columns.sent'),
      render: (row) => (
        <>
          {format.date(row.sent_at)}
          <br />
          <span className="confirmation-requests__file">{row.recipient_email}</span>
          <br />
          <span className={row.delivery === 'failed' ? 'confirmation-state--doubted' : 'muted'}>
            {t('confirmation.deliveryLine', { delivery: t(`confirmation.deliveries.${row.delivery}`) })}
          </span>
        </>
      ),
    },
    {
      id: 'state',
      kind: 'text',
      wraps: true,
      title: t('confirmation.columns.state'),
      render: (row) => <span className={row.doubted ? 'confirmation-state confirmation-state--doubted' : 'confirmation-state'}>{stateText(row, t)}</span>,
    },
    ...(mayWrite
      ? [
          {
            id: 'actions',
            kind: 'actions' as const,
            title: t('confirmation.columns.actions'),
            render: (row: ConfirmationRequest) =>
              row.state === 'sent' ? (
                <div className="confirmation-actions">
                  <Button variant="primary" onPress={() => setOpen({ kind: 'reply', request: row })}>
                    {t('confirmation.recordReply')}
                  </Button>
                  <Button variant="quiet" onPress={() => closeAs(row, 'no_answer')} isDisabled={close.isPending}>
                    {t('confirmation.noAnswer')}
                  </Button>
                  <Button variant="quiet" onPress={() => closeAs(row, 'cancelled')} isDisabled={close.isPending}>
                    {t('confirmation.cancel')}
                  </Button>
                </div>
              ) : row.doubted ? (
                <Button variant="secondary" onPress={() => void saveInspectorateReport(applicationId, row.id, `inspectorate-report-${row.reference}.pdf`)}>
                  {t('confirmation.inspectorateReport')}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];

  const doubted = requests.data?.results.filter((request) => request.doubted) ?? [];
  return (
    <section className="confirmation-requests" aria-labelledby="confirmation-requests-title">
      <Heading level={3} id="confirmation-requests-title">
        {t('confirmation.title')}
      </Heading>
      {mayWrite ? (
        <p>
          <Button variant="secondary" onPress={() => setOpen({ kind: 'send' })} isDisabled={attachable(documents).length === 0}>
            {t('confirmation.send')}
          </Button>
        </p>
      ) : null}
      {doubted.length > 0 ? (
        <Alert tone="warning" title={t('confirmation.doubtedTitle')}>
          {doubted.map((request) => t('confirmation.doubted', { document: request.document_file_name, answer: t(`confirmation.answers.${request.answer}`) })).join(' ')}
          {doubted.some((request) => request.suggests_suspicious) ? ` ${t('confirmation.suggestSuspicious')}` : ''}
        </Alert>
      ) : null}
      {requests.isPending ? (
        <Spinner label={t('common:loading')} />
      ) : requests.isError ? (
        <Alert tone="error">{translateError(requests.error, t).message}</Alert>
      ) : requests.data.results.length === 0 ? (
        <p>{t('confirmation.none')}</p>
      ) : (
        <DataTable label={t('confirmation.title')} columns={columns} rows={requests.data.results} rowKey={(row) => row.id} />
      )}
      {close.error ? <Refusal error={close.error} /> : null}
      {open?.kind === 'send' ? <SendDialog applicationId={applicationId} documents={documents} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'reply' ? <ReplyDialog applicationId={applicationId} request={open.request} documents={documents} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
