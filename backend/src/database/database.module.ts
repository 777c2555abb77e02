import { MikroOrmModule } from '@mikro-orm/nestjs';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { buildOrmOptions } from './orm-options.js';

@Module({
  imports: [
    MikroOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ ...buildOrmOptions(config), registerRequestContext: true }),
      driver: PostgreSqlDriver,
    }),
  ],
})
export class DatabaseModule {}
