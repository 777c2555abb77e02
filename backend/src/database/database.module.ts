import { MikroOrmMiddleware, MikroOrmModule } from '@mikro-orm/nestjs';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { baseOrmOptions } from './orm-options.js';

/**
 * Requests get their own EntityManager (MikroORM's request context), except the published-papers
 * list: the busiest route runs one query on the connection pool and never touches an entity, so
 * forking an EntityManager for it would be wasted work.
 */
@Module({
  imports: [
    MikroOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ ...baseOrmOptions(config), autoLoadEntities: true, registerRequestContext: false }),
      driver: PostgreSqlDriver,
    }),
  ],
})
export class DatabaseModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(MikroOrmMiddleware)
      .exclude({ path: 'papers', method: RequestMethod.GET })
      .forRoutes({ path: '{*all}', method: RequestMethod.ALL });
  }
}
