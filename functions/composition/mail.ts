import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { createOutboxMailer, type Mailer } from '../services/mailer';

let mailer: Mailer | undefined;

/**
 * The mailer: SES (from ONECLICK_MAIL_FROM, a verified identity) on AWS; offline, the twin's
 * outbox file (ONECLICK_MAIL_OUTBOX).
 */
export function mail(): Mailer {
  if (mailer) return mailer;
  const outbox = process.env['ONECLICK_MAIL_OUTBOX'];
  if (outbox) return (mailer = createOutboxMailer(outbox));
  const from = process.env['ONECLICK_MAIL_FROM'];
  if (!from) throw new Error('ONECLICK_MAIL_FROM is not set: the stack passes the verified sender address.');
  const client = new SESv2Client({});
  return (mailer = {
    async send({ to, subject, text }) {
      await client.send(
        new SendEmailCommand({
          FromEmailAddress: from,
          Destination: { ToAddresses: [to] },
          Content: { Simple: { Subject: { Data: subject, Charset: 'UTF-8' }, Body: { Text: { Data: text, Charset: 'UTF-8' } } } },
        }),
      );
    },
  });
}
