import { createSecretKey } from 'node:crypto';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessModule } from '../../common/access/access.module.js';
import { JwtModule } from '@nestjs/jwt';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { LinkTokensModule } from '../link-tokens/link-tokens.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { UsersModule } from '../users/users.module.js';
import { AccessTokens } from './access-tokens.service.js';
import { AccountMails } from './account-mails.service.js';
import { AuthCookies } from './auth-cookies.js';
import { AuthController } from './auth.controller.js';
import { AuthGuard } from './auth.guard.js';
import { AuthService } from './auth.service.js';
import { RotatedRefreshToken } from './entities/rotated-refresh-token.entity.js';
import { Session } from './entities/session.entity.js';
import { PasswordHasher } from './password-hasher.js';
import { SessionAuthenticator } from './session-authenticator.service.js';
import { SessionsService } from './sessions.service.js';

@Module({
  imports: [
    MikroOrmModule.forFeature([Session, RotatedRefreshToken]),
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        // A key object, made once: given the string, jsonwebtoken tries it as a PEM public key
        // first (and throws) on every sign and verify, about 40 µs of each authenticated request.
        secret: createSecretKey(Buffer.from(config.auth.jwtSecret)),
        signOptions: { algorithm: 'HS256' },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
    UsersModule,
    LinkTokensModule,
    NotificationsModule,
    RateLimitModule,
    AccessModule,
  ],
  controllers: [AuthController],
  providers: [
    AccessTokens,
    AccountMails,
    AuthCookies,
    AuthService,
    PasswordHasher,
    SessionAuthenticator,
    SessionsService,
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
  exports: [AuthService, AuthCookies, SessionAuthenticator, PasswordHasher],
})
export class AuthModule {}
