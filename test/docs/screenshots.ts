// `npm run docs:screenshots`: regenerates the HTML report screenshots that docs/reports-and-ci.md
// shows for an open-loop run. It runs a shipped open-loop scenario through the CLI (the local
// runtime: real Redis and Toxiproxy), writes its `--html` report to a temporary directory, opens
// it in Debian's headless Chromium (/usr/bin/chromium, driven by playwright-core, offline: every
// non-file request is aborted) and writes two PNGs under docs/images/: the report's top (a
// 1200 x 2400 window) and its Open loop section. It prints the caption facts (scenario, date,
// load average before and after) for the docs. Progress goes to stderr.
//
//   npm run docs:screenshots -- [--scenario scenarios/open-loop-saturation.yaml]

import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { chromium } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';
const WIDTH = 1200;
const HEIGHT = 2400;
const repo = new URL('../../', import.meta.url).pathname;

const { values: flags } = parseArgs({ options: { scenario: { type: 'string', default: 'scenarios/open-loop-saturation.yaml' } } });
const scenario = flags.scenario;
const name = basename(scenario, '.yaml');

const note = (text: string): void => {
  process.stderr.write(`${text}\n`);
};

const main = async (): Promise<void> => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run docker/setup.sh, or apt-get install chromium`);
  const dir = await mkdtemp(join(tmpdir(), 'rfl-screenshots-'));
  try {
    const loadBefore = loadavg()[0] ?? 0;
    const startedAt = new Date();
    const html = join(dir, 'report.html');
    note(`running ${scenario} (the local runtime) ...`);
    const run = promisify(execFile)(process.execPath, [join(repo, 'lab/cli/bin.mjs'), 'run', scenario, '--json', join(dir, 'result.json'), '--html', html], {
      cwd: repo,
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: unknown) => {
      // A threshold that failed exits 1 and still writes the report: its screenshot shows the FAIL.
      if (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 1 && existsSync(html)) return undefined;
      throw error;
    });
    await run;
    const loadAfter = loadavg()[0] ?? 0;

    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'], headless: true });
    const written: string[] = [];
    try {
      const context = await browser.newContext({ offline: true, viewport: { width: WIDTH, height: HEIGHT } });
      await context.route('**/*', (route) => (route.request().url().startsWith('file:') ? route.continue() : route.abort()));
      const page = await context.newPage();
      await page.goto(`file://${html}`, { waitUntil: 'load' });
      const top = join(repo, 'docs/images', `${name}-report.png`);
      await page.screenshot({ path: top });
      written.push(top);
      // The Open loop section: from its heading to the next one, at most one window tall.
      const heading = page.locator('h2:text-is("Open loop")').first();
      const next = page.locator('h2:text-is("Open loop") ~ h2').first();
      const fromBox = (await heading.count()) === 0 ? null : await heading.boundingBox();
      const toBox = (await next.count()) === 0 ? null : await next.boundingBox();
      const pageHeight = await page.evaluate('document.body.scrollHeight') as number;
      const box = fromBox === null ? null : { from: fromBox.y, to: toBox?.y ?? pageHeight };
      if (box === null) throw new Error(`the report of ${scenario} has no Open loop section: use an open-loop scenario (arrival:)`);
      const open = join(repo, 'docs/images', `${name}-open-loop.png`);
      await page.screenshot({ path: open, fullPage: true, clip: { x: 0, y: box.from - 8, width: WIDTH, height: Math.min(HEIGHT, box.to - box.from + 8) } });
      written.push(open);
    } finally {
      await browser.close();
    }
    for (const file of written) note(`wrote ${file.slice(repo.length)} (${Math.round((await stat(file)).size / 1024)} KB)`);
    process.stdout.write(
      `caption: ${scenario}, run ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, 1-min load average ${loadBefore.toFixed(1)} before the run and ${loadAfter.toFixed(1)} after it\n`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

try {
  await main();
} catch (error) {
  process.stderr.write(`docs:screenshots failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
