// One lint configuration for every workspace. Type-aware rules catch the mistakes that matter
// in async server code (floating promises, non-exhaustive switches).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Boundary paths are absolute: each workspace runs ESLint from its own folder, and a relative
// zone would point at a folder that does not exist there, so the rule would never fire.
const root = import.meta.dirname;
const at = (...parts) => path.join(root, ...parts);
// Read from the folders so a new feature or module is covered the day it is created.
const foldersIn = (...parts) =>
  readdirSync(at(...parts), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const features = at('frontend/src/features');
const featureNames = foldersIn('frontend/src/features');
const backendModules = at('backend/src/modules');
const backendModuleNames = foldersIn('backend/src/modules');
const moduleInternals = (names) => {
  const others = names.length === 1 ? names[0] : `{${names.join(',')}}`;
  // An entity or a repository is the module's own wherever it sits, inside entities/ or not.
  return `${backendModules}/${others}/{entities/**,**/*.entity.ts,**/*.repository.ts}`;
};

const inRepository = 'SQL belongs in a repository (entities/<entity>.repository.ts, or a read repository named for its query)';
const sqlOutsideRepositories = [
  {
    selector: 'CallExpression[callee.type="MemberExpression"][callee.property.name=/^(execute|getConnection|getKnex|getKysely|raw)$/]',
    message: `${inRepository}: no execute, getConnection, getKnex, getKysely or raw here; call a repository method.`,
  },
  { selector: 'CallExpression[callee.type="Identifier"][callee.name="raw"]', message: `${inRepository}: no raw() fragments here.` },
  { selector: 'TaggedTemplateExpression[tag.type="Identifier"][tag.name=/^(sql|raw)$/]', message: `${inRepository}: no sql or raw tagged templates here.` },
  { selector: 'CallExpression[callee.type="MemberExpression"][callee.property.name="query"]', message: `${inRepository}: no pool.query() here.` },
  ...['Literal', 'TemplateElement'].map((node) => ({
    selector: `${node}[${node === 'Literal' ? 'value' : 'value.raw'}=/^\\s*(select\\s[\\s\\S]*\\bfrom\\s|insert\\s+into\\s|update\\s+\\w+\\s+set\\s|delete\\s+from\\s|lock\\s+table\\s|with\\s+\\w+\\s+as\\s*\\()/]`,
    message: `${inRepository}: this string reads as a SQL statement.`,
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**', '**/dist/**', '**/coverage/**', '.data/**', '.tools/**',
      '**/playwright-report/**', '**/test-results/**', 'frontend/src/shared/api/schema.d.ts',
      '**/*.config.js', '**/*.config.mjs',
      // Type-checked by frontend/tsconfig.node.json.
      'frontend/vite.config.ts',
      // Types of the root scripts' modules, checked by the backend's tsc where its tests import them.
      'scripts/**/*.d.mts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    plugins: { 'import-x': importX },
    // Without these the import rules read only .js dependencies, and no-cycle sees no cycle
    // through a .ts file.
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // The TypeScript resolver follows each workspace's tsconfig (the frontend's `@/` alias, the
  // backend's `.js` endings on `.ts` files); an import the rules cannot resolve is skipped
  // silently. One resolver per workspace, each bound to its one tsconfig, resolves the same
  // whichever folder ESLint runs from.
  ...['backend', 'frontend', 'e2e'].map((workspace) => ({
    files: [`${workspace}/**`],
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: at(workspace, 'tsconfig.json') })],
    },
  })),
  {
    // Plain JavaScript (root scripts, Jest's global setup) is linted without type information.
    files: ['**/*.mjs', '**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['backend/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      // Nest's decorators and DTO classes rely on runtime imports of types.
      '@typescript-eslint/consistent-type-imports': 'off',
      '@typescript-eslint/no-extraneous-class': 'off',
      // A module owns its tables: others reach them through the services it exports.
      'import-x/no-restricted-paths': ['error', {
        zones: backendModuleNames.map((name) => ({
          target: path.join(backendModules, name),
          from: moduleInternals(backendModuleNames.filter((other) => other !== name)),
          message: `Use a service the other module exports; its entities and repositories belong to it alone.`,
        })),
      }],
    },
  },
  {
    // Settings come from the environment once, validated, through APP_CONFIG (config/); the CLI
    // entry points may look before Nest starts. Anything else reading process.env bypasses both.
    files: ['backend/src/**/*.ts'],
    ignores: ['backend/src/config/**', 'backend/src/cli/**'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read settings from the validated config (APP_CONFIG, config/app-config.ts).' }],
    },
  },
  {
    // Both halves run these files (the web app through its @journal/web-shared alias): they import
    // nothing, so no framework, Node API or server module can reach the browser through them.
    files: ['backend/src/common/web-shared/**/*.ts'],
    ignores: ['backend/src/common/web-shared/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['*'], message: 'web-shared code imports nothing: the web app runs it too.' }] }],
    },
  },
  {
    // Hand-written SQL lives in repositories (docs/architecture.md, "Database access"): services,
    // processors, chores, controllers, routes and their helpers reach the database through the ORM
    // and repositories only. Migrations, the database layer and the CLI are outside the rule.
    files: ['backend/src/**/*.ts'],
    ignores: ['backend/src/**/*.repository.ts', 'backend/src/**/*.spec.ts', 'backend/src/database/**', 'backend/src/cli/**'],
    rules: {
      'no-restricted-syntax': ['error', ...sqlOutsideRepositories],
    },
  },
  {
    files: ['backend/test/**/*.ts', 'backend/src/**/*.spec.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features stay independent (bulletproof-react): a feature imports shared/ and its own
      // files only; pages and app/ compose features through each feature's index.ts.
      'import-x/no-restricted-paths': ['error', {
        zones: [
          ...featureNames.map((name) => ({
            target: path.join(features, name),
            from: features,
            except: [`./${name}`],
            message: 'Features must not import each other; compose them in pages/ or app/.',
          })),
          {
            target: [at('frontend/src/app'), at('frontend/src/pages')],
            from: `${features}/*/**`,
            except: [`${features}/*/index.ts`],
            message: 'Import a feature through its public index.ts only.',
          },
          {
            target: features,
            from: [at('frontend/src/app'), at('frontend/src/pages')],
            message: 'Features are composed by pages/ and app/, never the other way round.',
          },
          {
            target: at('frontend/src/shared'),
            from: [features, at('frontend/src/app'), at('frontend/src/pages')],
            message: 'shared/ stands below every feature, page and the app.',
          },
          {
            target: at('frontend/src'),
            from: at('backend'),
            except: ['./src/common/web-shared'],
            message: 'The web app runs only the server code written for both halves (backend/src/common/web-shared, alias @journal/web-shared).',
          },
        ],
      }],
    },
  },
  {
    files: ['frontend/src/**/*.test.{ts,tsx}', 'frontend/src/test/**'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off', '@typescript-eslint/unbound-method': 'off' },
  },
  {
    files: ['e2e/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: { 'no-empty-pattern': 'off' },
  },
);
