import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig } from '../../src/config/app-config.js';
import { migrateTestDatabase } from '../support/test-app.js';

/**
 * docs/architecture.md draws the backend as a table (its "map"): each module, what it owns, its
 * chores and which modules it imports. This holds the table against the code and the migrated
 * database, so a new module, chore or table cannot land without its row, and an import the map
 * does not draw fails here.
 */
const backendDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const srcDir = join(backendDir, 'src');
const modulesDir = join(srcDir, 'modules');

interface MapRow {
  module: string;
  tables: string[];
  chores: string[];
  imports: string[];
}

const backticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]);

function readMap(): MapRow[] {
  const doc = readFileSync(join(backendDir, '..', 'docs', 'architecture.md'), 'utf8');
  const start = doc.indexOf('### The map');
  expect(start).toBeGreaterThanOrEqual(0);
  // The table is the first run of lines starting with "|" after the heading.
  const lines = doc.slice(start).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const end = lines.findIndex((line, index) => index > first && !line.startsWith('|'));
  return lines
    .slice(first, end)
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [module, , owns, chores, imports] = line.split('|').slice(1, -1).map((cell) => cell.trim());
      return {
        module: backticked(module)[0],
        // "kept by triggers on `research_papers`" names a table the row reads, not one it owns.
        tables: backticked(owns.replace(/\(kept by[^)]*\)/g, '')),
        chores: backticked(chores),
        imports: imports.split(',').map((name) => name.trim()).filter(Boolean),
      };
    });
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

const moduleFolders = () =>
  readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/** The other modules each module's production files import (type-only imports too). */
function moduleImports(): Map<string, Set<string>> {
  const imports = new Map<string, Set<string>>();
  for (const name of moduleFolders()) {
    const found = new Set<string>();
    for (const file of sourceFiles(join(modulesDir, name))) {
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
        const target = relative(modulesDir, resolve(dirname(file), specifier)).split('/')[0];
        if (target !== name && !target.startsWith('..') && moduleFolders().includes(target)) found.add(target);
      }
    }
    imports.set(name, found);
  }
  return imports;
}

describe('the architecture map (docs/architecture.md)', () => {
  const map = readMap();

  it('has one row per module folder, and none for a module that is gone', () => {
    expect(map.map((row) => row.module).sort()).toEqual(moduleFolders());
  });

  it('names every recurring chore, under the module that declares it', () => {
    const declared = sourceFiles(srcDir).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/@RecurringChore\(\{ name: '([^']+)'/g)].map((match) => ({
        chore: match[1],
        module: relative(modulesDir, file).split('/')[0],
      })),
    );
    expect(declared.length).toBeGreaterThan(0);
    const mapped = map.flatMap((row) => row.chores.map((chore) => ({ chore, module: row.module })));
    const byName = (a: { chore: string }, b: { chore: string }) => a.chore.localeCompare(b.chore);
    expect(mapped.sort(byName)).toEqual(declared.sort(byName));
  });

  it('gives every table of the migrated database one owner', async () => {
    await migrateTestDatabase();
    const client = new pg.Client({ connectionString: loadConfig().database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ table_name: string }>(
        `select table_name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'schema_migrations'`,
      );
      const owned = map.flatMap((row) => row.tables);
      expect(new Set(owned).size).toBe(owned.length);
      expect(owned.sort()).toEqual(rows.map((row) => row.table_name).sort());
    } finally {
      await client.end();
    }
  });

  it('draws every import between modules, and no two modules import each other', () => {
    const imports = moduleImports();
    for (const row of map) {
      expect({ module: row.module, imports: [...(imports.get(row.module) ?? [])].sort() }).toEqual({
        module: row.module,
        imports: [...row.imports].sort(),
      });
    }
    // Imports run one way: a depth-first walk finds no way back to where it started.
    const visit = (name: string, path: string[]): void => {
      for (const next of imports.get(name) ?? []) {
        expect(path).not.toContain(next);
        visit(next, [...path, next]);
      }
    };
    for (const name of imports.keys()) visit(name, [name]);
  });
});
