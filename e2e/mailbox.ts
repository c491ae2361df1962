import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { TestServer } from '../packages/server/src/testing/server.js';

/** A message as the recipient would read it: the text part, decoded. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  /** The text/html part, decoded ('' when the message has none). */
  html: string;
}

/**
 * A real SMTP peer on loopback (no TLS, no auth) that keeps every message the server sends, so a browser test can
 * follow the links in them the way a user would.
 */
export class Mailbox {
  readonly messages: ReceivedMail[] = [];
  private readonly smtp: SMTPServer;
  private waiters: (() => void)[] = [];
  port = 0;

  private constructor() {
    this.smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const to = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase());
          this.messages.push({ to, ...parseMessage(Buffer.concat(chunks).toString('utf8')) });
          for (const wake of this.waiters.splice(0)) wake();
          callback();
        });
      },
    });
  }

  static async start(): Promise<Mailbox> {
    const mailbox = new Mailbox();
    await new Promise<void>((resolve) => mailbox.smtp.listen(0, '127.0.0.1', resolve));
    mailbox.port = (mailbox.smtp.server.address() as AddressInfo).port;
    return mailbox;
  }

  /** Points the server's SMTP settings at this mailbox. */
  async connect(server: TestServer): Promise<void> {
    const settings = server.context.settings;
    await settings.set('smtp.host', '127.0.0.1');
    await settings.set('smtp.port', this.port);
    await settings.set('smtp.security', 'none');
    await settings.set('smtp.from', 'Tessera <id@example.test>');
  }

  to(address: string): ReceivedMail[] {
    return this.messages.filter((message) => message.to.includes(address.toLowerCase()));
  }

  /**
   * The link to hosted-UI page `/ui/<page>` in the newest message to `address` that has one, waiting for it to
   * arrive (after `after` messages to that address, so an older link is not picked up by mistake).
   */
  async waitForLink(address: string, page: string, options: { after?: number; timeoutMs?: number } = {}) {
    const pattern = new RegExp(`https?://[^\\s"'<>]+/ui/${page}\\?token=[A-Za-z0-9_%.~-]+`);
    const deadline = Date.now() + (options.timeoutMs ?? 20_000);
    for (;;) {
      const received = this.to(address).slice(options.after ?? 0);
      for (const message of received.reverse()) {
        const match = pattern.exec(message.text);
        if (match) return match[0];
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no email to ${address} with a /ui/${page} link arrived`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.smtp.close(() => resolve()));
  }
}

// ----- A small MIME reader: enough for the messages nodemailer writes (multipart/alternative, QP or base64) ----

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const separator = raw.search(/\r?\n\r?\n/);
  const head = separator === -1 ? raw : raw.slice(0, separator);
  const body = separator === -1 ? '' : raw.slice(separator).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace (RFC 5322 §2.2.3).
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = part.body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return part.body;
}

/** The first part of a message of the given type (text/plain, text/html), depth first. */
function textOf(part: Part, wanted = /^text\/plain/i): string | null {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      const text = textOf(splitPart(section.replace(/^\r?\n/, '')), wanted);
      if (text !== null) return text;
    }
    return null;
  }
  return wanted.test(type) ? decodeBody(part) : null;
}

function parseMessage(raw: string): { subject: string; text: string; html: string } {
  const message = splitPart(raw);
  return {
    subject: message.headers.get('subject') ?? '',
    text: textOf(message) ?? '',
    html: textOf(message, /^text\/html/i) ?? '',
  };
}
