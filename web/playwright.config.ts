import { defineConfig, devices } from '@playwright/test'

// One first port for the whole run (worker i uses the next i-th one): the config is evaluated
// in the runner and again in each worker, which inherit the runner's environment.
process.env.E2E_PORT ??= String(20000 + Math.floor(Math.random() * 20000))

export default defineConfig({
  testDir: './e2e',
  // Tests tagged @screens write PNGs for a person to look at and assert little: `make screens`
  // runs them (SCREENS=1, which also makes every other spec write its PNGs); `make test` leaves
  // them out, and without SCREENS no spec writes a PNG (support.ts screenshot).
  grepInvert: process.env.SCREENS ? undefined : /@screens/,
  globalSetup: './e2e/global-setup.ts',
  // Two workers, each with its own server and database (global-setup.ts); a file's tests run in
  // order in one worker unless it says otherwise (every-screen's sizes spread, each worker seeding once).
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${process.env.E2E_PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // The app installs a service worker on the dashboard; the specs route the page's requests,
    // which a worker would answer in their place. offline.spec.ts and the reminders' customer
    // context allow it.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium; test tools never download their own browser here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
})
