// @ts-check
import eslint from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

// The options strictTypeChecked sets for these two rules; a rule given here with options replaces them all.
const templateStrict = { allowAny: false, allowBoolean: false, allowNever: false, allowNullish: false, allowNumber: false, allowRegExp: false };
const plusStrict = { allowAny: false, allowBoolean: false, allowNullish: false, allowNumberAndString: false, allowRegExp: false };

export default defineConfig(
  {
    ignores: ['**/dist/', 'coverage/', 'data/', 'scratch/', 'web/.dist-*/', 'web/src/api/schema.d.ts'],
  },
  eslint.configs.recommended,
  tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // Each file gets the nearest tsconfig.json (the server's at the root, the dashboard's in web/);
        // this configuration file, outside both, gets the root one's options.
        projectService: { allowDefaultProject: ['*.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // noUncheckedIndexedAccess makes every index read optional; `!` marks the reads a bound or a key check already guarantees.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Numbers have one obvious rendering in messages, URLs and SQL identifiers; other types must be converted on purpose.
      '@typescript-eslint/restrict-template-expressions': ['error', { ...templateStrict, allowNumber: true }],
      // `onClick={() => setOpen(false)}` and `(error) => reject(error)` are the callback idiom; braces around each add nothing.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // An `async` method that meets a Promise-returning port without awaiting still turns a throw into a rejection, as callers expect.
      '@typescript-eslint/require-await': 'off',
      // Destructuring a key away is how an object is copied without it.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  {
    // Tests read JSON answers as `any` and check their shape with expect(); a wrong field fails the assertion.
    // Their after-hooks close what a failed before-hook may have left unassigned, which the types cannot express.
    files: ['test/**'],
    rules: {
      '@typescript-eslint/no-unnecessary-condition': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/restrict-template-expressions': ['error', { ...templateStrict, allowNumber: true, allowAny: true }],
      '@typescript-eslint/restrict-plus-operands': ['error', { ...plusStrict, allowAny: true }],
    },
  },
);
