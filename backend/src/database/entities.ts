/**
 * Every entity schema of the application, listed once so that the API, the worker, the CLI
 * commands and the tests all see the same model. Each module adds its schemas here.
 */
export const ENTITIES = [] as const;
