export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

// Where mail goes: the outbox folder on a developer machine, or an SMTP server.
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
