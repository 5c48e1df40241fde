import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerDevMail } from './dev-routes.ts';
import { createMailer, createMailService, outboxDir, type Mailer, type MailService } from './mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
  }
}

/**
 * `app.mail`: SMTP with SMTP_URL, else the outbox folder DATA_DIR/outbox (or the mailer given). Mail sent
 * after an answer (a password reset) still goes out before the app closes its database.
 */
export const mailPlugin = fp(
  async (app: FastifyInstance, options: { mailer?: Mailer | undefined }) => {
    const mail = createMailService(options.mailer ?? createMailer(app.config), app.log);
    app.decorate('mail', mail);
    app.startup.mail = mail.mailer.description;
    app.addHook('onClose', async () => {
      await mail.idle();
      await mail.mailer.close();
    });
  },
  { name: 'mail', dependencies: ['core', 'database'] },
);

/** The development mail pages at /dev/mail (not in production). */
export const devMailPlugin = fp(
  async (app: FastifyInstance) => {
    await registerDevMail(app, outboxDir(app.config), app.mail.mailer.description);
    app.startup.devMailUrl = `${app.config.publicUrl}/dev/mail`;
  },
  { name: 'dev-mail', dependencies: ['mail'] },
);
