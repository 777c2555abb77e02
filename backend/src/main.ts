import 'reflect-metadata';
import { createApp } from './app.factory.js';
import { AppModule } from './app.module.js';
import { APP_CONFIG, type AppConfig, loadConfig } from './config/app-config.js';
import { exitOnStartupFailure } from './common/process/exit-on-startup-failure.js';
import { warmCitationStyles } from './modules/catalogue/citations/paper-citation.js';

async function bootstrap(): Promise<void> {
  loadConfig(); // fail before anything starts, listing every bad variable
  const app = await createApp(AppModule);
  const config = app.get<AppConfig>(APP_CONFIG);
  // Before listening, so that no reader waits for the styles (readiness follows listening).
  warmCitationStyles();
  await app.listen({ port: config.http.port, host: config.http.host });
}

bootstrap().catch(exitOnStartupFailure('API'));
