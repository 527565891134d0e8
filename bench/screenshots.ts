/**
 * Screenshots of reports as people see them: each report.html given, in
 * headless Chromium (Debian's /usr/bin/chromium through playwright-core), at
 * desktop (1440 px) and phone (390 px) widths, whole page, one PNG each.
 * docs/report.md shows the ones of `npm start`'s two reports.
 *
 *   node dist/bench/screenshots.js --jpeg --out docs/img results/default/rbp-ladder results/default/nhm-sweep
 *
 * `--section ID` takes just that section of the page (say `parts`) instead of
 * the whole of it; `--jpeg` writes JPEG (quality 80) instead of PNG, a
 * quarter of the bytes for docs.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const CHROMIUM = '/usr/bin/chromium';
export const WIDTHS = [1440, 390] as const;

/** Shoots `report.html` of each folder at each width into `out`; returns the files written. */
export async function screenshots(folders: readonly string[], out: string, section: string | null = null, jpeg = false): Promise<string[]> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing (apt-get install -y chromium)`);
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
  const written: string[] = [];
  try {
    mkdirSync(out, { recursive: true });
    for (const dir of folders) {
      const page0 = join(dir, 'report.html');
      if (!existsSync(page0)) throw new Error(`${page0}: no report (run havoc report ${dir})`);
      for (const width of WIDTHS) {
        const page = await browser.newPage({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
        await page.goto(pathToFileURL(resolve(page0)).href);
        const file = join(out, `${basename(resolve(dir))}${section ? `-${section}` : ''}-${width}.${jpeg ? 'jpg' : 'png'}`);
        const how = jpeg ? ({ path: file, type: 'jpeg', quality: 80 } as const) : { path: file };
        if (section) await page.locator(`#${section}`).screenshot(how);
        else await page.screenshot({ ...how, fullPage: true });
        await page.close();
        written.push(file);
      }
    }
  } finally {
    await browser.close();
  }
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const take = (flag: string): string | null => {
    const i = args.indexOf(flag);
    if (i < 0) return null;
    const v = args[i + 1];
    args.splice(i, 2);
    return v ?? null;
  };
  const out = take('--out') ?? 'docs/img';
  const section = take('--section');
  const jpeg = args.includes('--jpeg');
  if (jpeg) args.splice(args.indexOf('--jpeg'), 1);
  if (args.length === 0) {
    console.error('usage: node dist/bench/screenshots.js [--out DIR] [--section ID] [--jpeg] RUN_FOLDER...');
    process.exit(2);
  }
  screenshots(args, out, section, jpeg).then(
    (files) => files.forEach((f) => console.log(f)),
    (e: unknown) => {
      console.error(`screenshots: ${(e as Error)?.message ?? e}`);
      process.exit(1);
    },
  );
}
