import { appendFile } from 'node:fs/promises';

/** A message to one person: invitations and approval requests. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** What the mail is about, for the outbox and the logs. */
  kind: 'invitation' | 'approval';
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Offline, no mail leaves the machine: each message is one JSON line in the outbox the twin's
 * sign-up codes go to (ONECLICK_MAIL_OUTBOX), where a person or a test reads it.
 */
export function createOutboxMailer(outboxFile: string): Mailer {
  return {
    async send(mail) {
      await appendFile(outboxFile, `${JSON.stringify({ email: mail.to, kind: mail.kind, subject: mail.subject, text: mail.text, at: new Date().toISOString() })}\n`);
    },
  };
}
