import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

// A real SMTP server on a free local port, for the outbox tests: it accepts what nodemailer
// sends, parses each message with mailparser and keeps it. It can be stopped (connections then
// are refused) and started again on the same port, refuse chosen recipients with a 5xx answer,
// answer slowly, offer STARTTLS with a given certificate and require a login.
//
//   const mail = await startTestMailServer();
//   afterAll(() => mail.close());
//   ... mail.messages[0].subject

export interface ReceivedMail {
  /** RCPT TO addresses of the SMTP envelope. */
  envelopeTo: string[];
  messageId: string | undefined;
  /** The From header's name and address. */
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  headers: ParsedMail['headers'];
  /** The message's attached files, as parsed. */
  attachments: { filename: string | undefined; contentType: string; content: Buffer }[];
  /** The user that logged in to send it (null: no login). */
  user: string | null;
}

export interface TestMailServerOptions {
  /** Offer STARTTLS with this key and certificate (otherwise the server offers no TLS at all). */
  tls?: { key: string; cert: string };
  /** Require this login (over TLS). */
  login?: { user: string; password: string };
  /** Wait this long before accepting each message, so concurrent senders overlap. */
  dataDelayMs?: number;
}

export interface TestMailServer {
  readonly port: number;
  /** smtp://127.0.0.1:<port> */
  readonly url: string;
  readonly messages: ReceivedMail[];
  /** RCPT TO this address is answered `550 5.1.1 mailbox unavailable` from now on. */
  refuse(address: string): void;
  /** Stops listening and drops open connections: senders now get "connection refused". */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  /** Resolves once `count` messages have arrived (rejects after `timeoutMs`). */
  waitForMessages(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startTestMailServer(options: TestMailServerOptions = {}): Promise<TestMailServer> {
  const messages: ReceivedMail[] = [];
  const refused = new Set<string>();
  let server: SMTPServer | null = null;
  let port = 0;

  const serverOptions = (): SMTPServerOptions => ({
    ...(options.tls ? { key: options.tls.key, cert: options.tls.cert } : { hideSTARTTLS: true }),
    disabledCommands: [...(options.tls ? [] : ['STARTTLS']), ...(options.login ? [] : ['AUTH'])],
    authOptional: !options.login,
    // Open connections of a stopped server are cut at once rather than after 30 s.
    closeTimeout: 50,
    logger: false,
    onAuth(auth, _session, callback) {
      if (options.login && auth.username === options.login.user && auth.password === options.login.password) {
        callback(null, { user: auth.username });
      } else {
        callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      }
    },
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address.toLowerCase())) {
        callback(Object.assign(new Error(`5.1.1 <${address.address}>: mailbox unavailable`), { responseCode: 550 }));
      } else {
        callback();
      }
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          if (options.dataDelayMs) await new Promise((resolve) => setTimeout(resolve, options.dataDelayMs));
          messages.push({
            envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address),
            messageId: parsed.messageId,
            from: { name: parsed.from?.value[0]?.name ?? '', address: parsed.from?.value[0]?.address ?? '' },
            to: Array.isArray(parsed.to) ? parsed.to.map((address) => address.text).join(', ') : (parsed.to?.text ?? ''),
            subject: parsed.subject ?? '',
            // mailparser adds a final newline to a text part that had none.
            text: parsed.text ?? '',
            headers: parsed.headers,
            attachments: parsed.attachments.map((attachment) => ({ filename: attachment.filename, contentType: attachment.contentType, content: attachment.content })),
            user: typeof session.user === 'string' ? session.user : null,
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });

  const listen = async () => {
    const next = new SMTPServer(serverOptions());
    next.on('error', () => {
      // A client that goes away mid-conversation is not the test's concern.
    });
    await new Promise<void>((resolve, reject) => {
      const listener = next.server;
      listener.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        listener.off('error', reject);
        resolve();
      });
    });
    const address = next.server.address();
    if (address === null || typeof address === 'string') throw new Error('the test mail server has no port');
    port = address.port;
    server = next;
  };

  const stop = async () => {
    const current = server;
    server = null;
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };

  await listen();
  return {
    get port() {
      return port;
    },
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    messages,
    refuse: (address) => refused.add(address.toLowerCase()),
    stop,
    start: listen,
    async waitForMessages(count, timeoutMs = 20_000) {
      const started = Date.now();
      while (messages.length < count) {
        if (Date.now() - started > timeoutMs) throw new Error(`expected ${count} messages, the test mail server has ${messages.length}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: stop,
  };
}
