// One lint configuration for every workspace. Type-aware rules catch the mistakes that matter
// in async server code (floating promises, non-exhaustive switches).
import js from '@eslint/js';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const featureNames = [
  'auth', 'papers', 'submission', 'payments', 'comments', 'review',
  'invitations', 'messages', 'orcid', 'admin', 'dashboard',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**', '**/dist/**', '**/coverage/**', '.data/**', '.tools/**',
      '**/playwright-report/**', '**/test-results/**', 'frontend/src/shared/api/schema.d.ts',
      '**/*.config.js', '**/*.config.mjs',
      // Type-checked by frontend/tsconfig.node.json.
      'frontend/vite.config.ts',
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
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features stay independent (bulletproof-react): a feature imports shared/ and its own
      // files only; pages and app/ compose features through each feature's index.ts.
      'import-x/no-restricted-paths': ['error', {
        zones: [
          ...featureNames.map((name) => ({
            target: `./frontend/src/features/${name}`,
            from: './frontend/src/features',
            except: [`./${name}`],
            message: 'Features must not import each other; compose them in pages/ or app/.',
          })),
          { target: './frontend/src/features', from: ['./frontend/src/app', './frontend/src/pages'] },
          { target: './frontend/src/shared', from: ['./frontend/src/features', './frontend/src/app', './frontend/src/pages'] },
        ],
      }],
      'no-restricted-imports': ['error', {
        patterns: [{
          group: ['@/features/*/*', '**/features/*/*'],
          message: 'Import a feature through its public index.ts only.',
        }],
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
