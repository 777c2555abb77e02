import { Module } from '@nestjs/common';
import { MailerModule } from '@nestjs-modules/mailer';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { MailRenderer } from './mail/mail-renderer.js';
import { MailProcessor } from './mail/mail.processor.js';
import { smtpTransportOptions } from './mail/smtp-transport.js';
import { NotificationsModule } from './notifications.module.js';
import { OutboxRelayService } from './outbox/outbox-relay.service.js';

/** The consumer side of e-mail, for the worker only: SMTP, templates, the processor and the relay. */
@Module({
  imports: [
    NotificationsModule,
    MailerModule.forRootAsync({
      imports: [],
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        transport: smtpTransportOptions(config.mail),
        // Typed as nodemailer transport options in @types/nodemailer 8, which lack `from`.
        defaults: { from: config.mail.from } as Record<string, unknown>,
        sendTimeout: 60_000,
      }),
    }),
  ],
  providers: [MailRenderer, MailProcessor, OutboxRelayService],
})
export class NotificationsWorkerModule {}
