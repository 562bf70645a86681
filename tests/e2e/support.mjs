// What every browser test shares: Debian's Chromium (headless, no download), a page on the server
// scripts/e2e.sh started (WARBAND_URL), and a check that the page logged no error.
import { chromium } from 'playwright-core';
import assert from 'node:assert/strict';

export const BASE_URL = process.env.WARBAND_URL ?? 'http://127.0.0.1:8080/';

export async function openBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
}

// A fresh page whose uncaught errors and console errors are collected: `done()` asserts there were none.
// `viewport`: the window's size (a desktop's by default; { width: 390, height: 844 } for a phone);
// `touch`: a touch screen (locator.tap() then taps as a finger does).
export async function openPage(browser, hash = '', { viewport = { width: 1400, height: 1000 }, touch = false } = {}) {
  const context = await browser.newContext({ viewport, acceptDownloads: true, hasTouch: touch });
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  const errors = [];
  page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(`console: ${msg.text()}`); });
  await page.goto(new URL(`/#${hash}`, BASE_URL).href);
  return {
    page,
    errors,
    // Fails on any error the page logged, then closes it. `allowed` lists expected ones (a 4xx we provoked).
    async done(allowed = []) {
      const unexpected = errors.filter((e) => !allowed.some((pattern) => pattern.test(e)));
      await context.close();
      assert.deepEqual(unexpected, [], 'the page logged errors');
    },
  };
}

// The JSON API from the test itself (to prepare data the test then looks at in the browser).
export async function apiPost(path, body) {
  const response = await fetch(new URL(path, BASE_URL), {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const data = await response.json();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(data)}`);
  return data;
}

export async function apiGet(path) {
  const response = await fetch(new URL(path, BASE_URL));
  const data = await response.json();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(data)}`);
  return data;
}
