import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Sends mail over SMTP when `smtpUrl` is set (DESIGN §1); otherwise writes the message to the log
 * so the embedded default still lets someone reset a password.
 */
export function createMailer(options: { smtpUrl?: string | undefined; from: string; logger: FastifyBaseLogger }): Mailer {
  if (!options.smtpUrl) {
    return {
      async send(mail) {
        options.logger.info({ to: mail.to, subject: mail.subject }, `Mail (no SMTP_URL configured):\n${mail.text}`);
      },
    };
  }
  const smtpUrl = options.smtpUrl;
  // Loaded on the first mail: an install without SMTP never pays for nodemailer's memory.
  let transport: Promise<{ sendMail(message: object): Promise<unknown> }> | undefined;
  return {
    async send(mail) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
      await (await transport).sendMail({ from: options.from, ...mail });
    },
  };
}
