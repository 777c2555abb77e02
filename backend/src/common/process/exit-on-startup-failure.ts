import { InvalidConfigError } from '../../config/app-config.js';

/**
 * The end of every entry point's start-up promise: a configuration problem is printed as the
 * plain list it is, anything else with its stack; either way the process exits with status 1.
 */
export function exitOnStartupFailure(processName: string): (error: unknown) => never {
  return (error) => {
    if (error instanceof InvalidConfigError) console.error(error.message);
    else console.error(`The ${processName} failed to start:`, error);
    process.exit(1);
  };
}
