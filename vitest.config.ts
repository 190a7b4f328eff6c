import { randomBytes } from 'node:crypto';
import { configDefaults, defineConfig } from 'vitest/config';

// Cluster mode (test/helpers/cluster.ts): one secret key and one id for the databases of this run.
process.env.LOOKOUT_TEST_RUN_ID ??= randomBytes(4).toString('hex');
const clusterSecretKey = process.env.LOOKOUT_TEST_SECRET_KEY ?? randomBytes(32).toString('base64');

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    // Test files share their worker's modules instead of loading the server afresh for each file
    // (half the suite's CPU time). Nothing a test file does may outlive it: each builds its own
    // servers, clocks and stores, and leaves `process.env` as it found it.
    isolate: false,
    // Many tests wait on servers, timers and child processes rather than the CPU.
    maxWorkers: 3,
    // As many as the most: workers that share modules are kept for the whole run, not retired.
    minWorkers: 3,
    globalSetup: ['test/helpers/build-setup.ts'],
    setupFiles: ['test/helpers/file-isolation.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          // One process: SQLite file, coordination in memory (`npm start`).
          name: 'embedded',
          exclude: [...configDefaults.exclude, 'test/cluster/**', 'test/coordination/**'],
        },
      },
      {
        extends: true,
        test: {
          // The API suite again on PostgreSQL + Redis, one database of each per test server; plus
          // the coordination contract (memory and Redis) and the cluster tests (two nodes, `lookout
          // serve`/`migrate` on PostgreSQL). Left out: what touches no store, so would only run twice
          // (the checker unit tests in test/checks, the pure rules and the layering rule), and what
          // pins an SQLite DATABASE_URL whatever the suite's store (`lookout serve` bootstrap, kill -9
          // and restart, the modes of SQLite's files, SQLite's backup and restore), and what reads only files
          // (the container's Dockerfile and compose.yaml).
          name: 'cluster',
          exclude: [
            ...configDefaults.exclude,
            'test/checks/**',
            'test/architecture/**',
            'test/domain/**',
            'test/shared/**',
            'test/alerts/mailer.test.ts',
            'test/alerts/channel-messages.test.ts',
            'test/alerts/channel-registry.test.ts',
            'test/dashboard/api-types.test.ts',
            'test/platform/fairness-config.test.ts',
            'test/status-pages/model.test.ts',
            'test/platform/serve.test.ts',
            'test/engine/restart.test.ts',
            'test/engine/run-recorder-flush.test.ts',
            'test/platform/file-modes.test.ts',
            'test/platform/wal-checkpointer.test.ts',
            'test/platform/backup-restore.test.ts',
            'test/platform/container.test.ts',
            // The importers' converters read other tools' files (a kuma.db, a config.yaml) and touch
            // no store; `lookout import` itself (import-command.test.ts) applies to both stores.
            'test/import/!(import-command).test.ts',
            // Chromium: the dashboard and the public page are clients of the API, whose every
            // operation the API suite runs on PostgreSQL; in a browser they run once.
            'test/dashboard/e2e.test.ts',
            'test/dashboard/team-tokens.test.ts',
            'test/dashboard/status-page-settings.test.ts',
            'test/dashboard/assertion-editor.test.ts',
            'test/dashboard/policy-form.test.ts',
            'test/dashboard/maintenance.test.ts',
            'test/dashboard/monitor-types.test.ts',
            'test/dashboard/member-invite.test.ts',
            'test/dashboard/focus.test.ts',
            'test/dashboard/monitor-pages.test.ts',
            'test/dashboard/sign-in-browser.test.ts',
            'test/status-pages/browser.test.ts',
            'test/status-pages/subscribe-browser.test.ts',
          ],
          env: {
            LOOKOUT_TEST_STORE: 'postgres',
            LOOKOUT_TEST_RUN_ID: process.env.LOOKOUT_TEST_RUN_ID,
            LOOKOUT_SECRET_KEY: clusterSecretKey,
          },
          globalSetup: ['test/helpers/build-setup.ts', 'test/helpers/cluster-setup.ts'],
        },
      },
    ],
  },
});
