import 'reflect-metadata';
import { createApp } from './app.factory.js';
import { AppModule } from './app.module.js';
import { APP_CONFIG, type AppConfig, InvalidConfigError, loadConfig } from './config/app-config.js';

async function bootstrap(): Promise<void> {
  loadConfig(); // fail before anything starts, listing every bad variable
  const app = await createApp(AppModule);
  const config = app.get<AppConfig>(APP_CONFIG);
  await app.listen({ port: config.http.port, host: config.http.host });
}

bootstrap().catch((error: unknown) => {
  if (error instanceof InvalidConfigError) {
    console.error(error.message);
  } else {
    console.error('The API failed to start:', error);
  }
  process.exit(1);
});
