import nodemailer, { type Transporter } from 'nodemailer';
import type { SmtpSettings } from '../config';

// The one place that speaks SMTP. The outbox hands it a finished message; it answers with
// nothing (accepted by the mail server) or an error, which `describeFailure` turns into the
// line kept in notification_outbox.last_error: the server's answer, never the account's secret.

export interface OutgoingEmail {
  /** Outbox row id: the Message-ID is built from it, so a message sent twice is recognisable. */
  outboxId: number;
  to: string;
  subject: string;
  text: string;
  /** en, sq or sr: the Content-Language header, so mail clients pick the right spell-checker and voice. */
  language: string;
  /** Files sent with the text (a confirmation request carries the document it asks about). */
  attachments?: readonly OutgoingAttachment[];
}

export interface OutgoingAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailTransport {
  send(email: OutgoingEmail): Promise<void>;
  /** The last_error text of a failed send: the SMTP answer or the network error, trimmed, secrets removed. */
  describeFailure(error: unknown): string;
  /** For the start-up log line: where mail goes, without the password. */
  readonly description: string;
  close(): void;
}

/** last_error is read in the notifications list; a whole SMTP transcript would not help anyone there. */
const MAX_ERROR_LENGTH = 500;

/** `<naric-outbox-42@naric.example>`: the domain is the sender's, as RFC 5322 suggests. */
export function messageIdFor(outboxId: number, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'naric.invalid';
  return `<naric-outbox-${outboxId}@${domain}>`;
}

export function createSmtpTransport(settings: SmtpSettings): MailTransport {
  const transporter: Transporter = nodemailer.createTransport({
    // A few connections kept open: a batch of 50 messages does not open 50 connections.
    pool: true,
    maxConnections: 3,
    maxMessages: 100,
    host: settings.host,
    port: settings.port,
    secure: settings.tls === 'implicit',
    requireTLS: settings.tls === 'starttls',
    opportunisticTLS: settings.tls === 'opportunistic',
    ignoreTLS: settings.tls === 'none',
    auth: settings.user === null ? undefined : { user: settings.user, pass: settings.password ?? '' },
    tls: settings.ca === null ? undefined : { ca: settings.ca },
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
  });
  const secrets = [settings.password, settings.password === null ? null : encodeURIComponent(settings.password)].filter(
    (secret): secret is string => secret !== null && secret.length >= 3,
  );

  return {
    description: `${settings.tls === 'implicit' ? 'smtps' : 'smtp'}://${settings.host}:${settings.port} (TLS: ${settings.tls})`,
    async send(email) {
      await transporter.sendMail({
        from: settings.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        messageId: messageIdFor(email.outboxId, settings.from),
        headers: { 'Content-Language': email.language },
        ...(email.attachments?.length ? { attachments: email.attachments.map((file) => ({ ...file })) } : {}),
      });
    },
    describeFailure(error) {
      const failure = error as { response?: unknown; code?: unknown; message?: unknown };
      // nodemailer's message says what was being done ("Invalid login", "Error initiating TLS") and
      // mostly quotes the server's answer ("535 …", "550 5.1.1 <x@y>: mailbox unavailable"); the
      // answer is added where it does not.
      const message = String(failure.message ?? error);
      const response = typeof failure.response === 'string' ? failure.response.trim() : '';
      const text = response !== '' && !message.includes(response) ? `${message}: ${response}` : message;
      const code = typeof failure.code === 'string' ? `${failure.code}: ` : '';
      let line = `${code}${text}`.replace(/\s+/g, ' ').trim();
      for (const secret of secrets) line = line.split(secret).join('***');
      // Credentials in any URL a library may have put in its message.
      line = line.replace(/(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi, '$1***@');
      return line.length > MAX_ERROR_LENGTH ? `${line.slice(0, MAX_ERROR_LENGTH - 1)}…` : line;
    },
    close() {
      transporter.close();
    },
  };
}

/** Where mail goes now: the settings' mail server or the environment's (null: none), and a key that changes with it. */
export interface MailServerChoice {
  /** Changes whenever the mail server's settings do (the settings group's version, or "environment"). */
  key: string;
  settings: SmtpSettings | null;
}

/** The transport of the mail server in force, asked for at the start of every delivery run. */
export interface MailTransportSource {
  current(): Promise<MailTransport | null>;
  close(): void;
}

/**
 * A transport that follows the system settings: while the choice's key stays the same
 * the same pooled transport is used; when it changes (an administrator saved the mail server,
 * here or on another instance) the old transport is closed and the next messages go through a new
 * one. No restart.
 */
export function followMailServer(
  choose: () => Promise<MailServerChoice>,
  create: (settings: SmtpSettings) => MailTransport = createSmtpTransport,
  onChange: (transport: MailTransport | null) => void = () => {},
): MailTransportSource {
  let key: string | null = null;
  let transport: MailTransport | null = null;
  return {
    async current() {
      const choice = await choose();
      if (choice.key !== key) {
        transport?.close();
        transport = choice.settings ? create(choice.settings) : null;
        key = choice.key;
        onChange(transport);
      }
      return transport;
    },
    close() {
      transport?.close();
      transport = null;
      key = null;
    },
  };
}
