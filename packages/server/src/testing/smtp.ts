import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { TestServer } from './server.js';

export interface CapturedMail {
  to: string[];
  raw: string;
}

/** A real SMTP peer on loopback that keeps every message it receives. */
export class SmtpCapture {
  readonly messages: CapturedMail[] = [];
  private server: SMTPServer | null = null;
  port = 0;

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          this.messages.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Points the server's SMTP settings at this peer. */
  async configure(server: TestServer): Promise<void> {
    await server.context.settings.set('smtp.host', '127.0.0.1');
    await server.context.settings.set('smtp.port', this.port);
    await server.context.settings.set('smtp.security', 'none');
    await server.context.settings.set('smtp.from', 'Tessera <id@example.test>');
  }

  to(address: string): CapturedMail[] {
    return this.messages.filter((message) => message.to.includes(address));
  }

  /** The token of the last link to `/ui/<page>` sent to an address (quoted-printable soft breaks undone). */
  lastToken(address: string, page: string): string | null {
    const messages = this.to(address);
    const raw = messages[messages.length - 1]?.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const match = raw && new RegExp(`/ui/${page}\\?token=([A-Za-z0-9_%-]+)`).exec(raw);
    return match ? decodeURIComponent(match[1]!) : null;
  }
}
