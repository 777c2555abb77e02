import type { MigrationObject } from '@mikro-orm/core';

/**
 * The reviewed migrations, in order. Migrations are written by hand (or generated and then
 * read), registered here explicitly so the same list runs from `dist/` and under Jest.
 */
export const MIGRATIONS: MigrationObject[] = [];
