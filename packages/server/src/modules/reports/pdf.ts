import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';

/** Debian's Chromium; another browser with CHROMIUM_PATH. The server never downloads one. */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH?.trim() || DEFAULT_CHROMIUM_PATH;
}

/** How long one part of a print may take before the job fails. */
const RENDER_TIMEOUT_MS = 120_000;

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Shrinks the type of any card whose content would not fit its page, a step at a time, and
 * answers the ids of the cards that still overflow (none, unless a card is far too full).
 * Runs inside the page (as text: the server is not compiled with the browser's types).
 */
const fitCardsScript = `(() => {
  const before = [];
  const overflowing = [];
  for (const card of document.querySelectorAll('.card')) {
    let size = parseFloat(getComputedStyle(card).fontSize);
    let steps = 0;
    if (card.scrollHeight > card.clientHeight + 1) before.push(card.dataset.student || '');
    while (card.scrollHeight > card.clientHeight + 1 && steps < 12) {
      size *= 0.94;
      card.style.fontSize = size + 'px';
      steps += 1;
    }
    if (card.scrollHeight > card.clientHeight + 1) overflowing.push(card.dataset.student || '');
  }
  return { before, overflowing };
})()`;

export interface PrintedPart {
  pdf: Buffer;
  /** Cards whose content did not fit their page in the type their density gave. */
  shrunk: string[];
  /** Cards whose content did not fit their page even in the smallest type. */
  overflowing: string[];
}

/**
 * Prints HTML pages to PDF in the system's headless Chromium: one browser for the whole
 * process, launched at the first print and closed with the server, and one print at a time.
 */
export class CardPrinter {
  private browser: Promise<Browser> | undefined;
  /** The browser once started. */
  private current: Browser | undefined;
  private page: Page | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  /** Prints asked for and not finished. */
  private pending = 0;
  private idleTimer: NodeJS.Timeout | undefined;

  /**
   * @param idleMs the browser is closed after this long without a print (it starts again at
   *   the next one), so an idle server does not keep it in memory.
   */
  constructor(
    private readonly executablePath: string = chromiumPath(),
    private readonly idleMs: number = 5 * 60_000,
  ) {}

  private async launch(): Promise<Browser> {
    if (!fs.existsSync(this.executablePath)) {
      throw new Error(
        `No Chromium at ${this.executablePath}: install Debian's chromium package or set CHROMIUM_PATH`,
      );
    }
    // playwright-core is loaded at the first print, not at start: importing it alone costs the
    // server ~80 MB of memory and a few hundred milliseconds, and most servers rarely print.
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: this.executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-dev-shm-usage',
        '--font-render-hinting=none',
      ],
    });
    browser.on('disconnected', () => {
      // A browser closed for idleness may go after the next one has started: leave that one.
      if (this.current === browser) this.forget();
    });
    this.current = browser;
    return browser;
  }

  /** Drops the browser and page kept, without closing them. */
  private forget(): void {
    this.browser = undefined;
    this.current = undefined;
    this.page = undefined;
  }

  /** Closes the browser once it has been idle for a while. */
  private scheduleIdleClose(): void {
    clearTimeout(this.idleTimer);
    if (this.closed || this.pending > 0) return;
    this.idleTimer = setTimeout(() => {
      if (this.pending > 0 || !this.browser) return;
      const browser = this.browser;
      this.forget();
      void browser.then((open) => open.close()).catch(() => undefined);
    }, this.idleMs);
    this.idleTimer.unref();
  }

  private async browserOf(): Promise<Browser> {
    if (this.closed) throw new Error('The card printer is closed');
    this.browser ??= this.launch().catch((error: unknown) => {
      this.browser = undefined;
      throw error;
    });
    return this.browser;
  }

  /** Starts the browser ahead of a print (while its data loads); a failure shows at the print. */
  warm(): void {
    if (this.closed) return;
    this.browserOf().catch(() => undefined);
    this.scheduleIdleClose();
  }

  /** Prints one HTML document (its CSS sets the page size) to PDF, after every print before it. */
  print(html: string): Promise<PrintedPart> {
    this.pending += 1;
    clearTimeout(this.idleTimer);
    const work = this.queue
      .then(() => this.printNow(html))
      .finally(() => {
        this.pending -= 1;
        this.scheduleIdleClose();
      });
    this.queue = work.catch(() => undefined);
    return work;
  }

  /** The page prints are made in: kept between prints, made again if it was lost. */
  private async pageOf(): Promise<Page> {
    if (this.page && !this.page.isClosed()) return this.page;
    const browser = await this.browserOf();
    const context = await browser.newContext({ offline: true });
    // The document carries everything (fonts, images) inline: nothing is fetched.
    await context.route('**/*', (route) => route.abort());
    this.page = await context.newPage();
    return this.page;
  }

  private async printNow(html: string): Promise<PrintedPart> {
    const page = await this.pageOf();
    try {
      await page.setContent(html, { waitUntil: 'load', timeout: RENDER_TIMEOUT_MS });
      await page.evaluate('document.fonts.ready.then(() => true)');
      const fit = await page.evaluate<{ before: string[]; overflowing: string[] }>(fitCardsScript);
      const pdf = await withTimeout(
        page.pdf({ preferCSSPageSize: true, printBackground: true }),
        RENDER_TIMEOUT_MS,
        'Printing the cards',
      );
      return { pdf, shrunk: fit.before, overflowing: fit.overflowing };
    } catch (error) {
      // A page that failed (or timed out) is not trusted with the next print.
      this.page = undefined;
      await page
        .context()
        .close()
        .catch(() => undefined);
      throw error;
    }
  }

  /** Closes the browser, if one was launched. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    const browser = this.browser;
    this.forget();
    if (browser) await (await browser.catch(() => undefined))?.close();
  }

  /** Whether a browser is open or starting (for tests). */
  get running(): boolean {
    return this.browser !== undefined;
  }
}

/** One PDF of the parts' pages, in order. */
export async function joinPdfs(parts: Buffer[]): Promise<Buffer> {
  if (parts.length === 1) return parts[0]!;
  const { PDFDocument } = await import('pdf-lib');
  const joined = await PDFDocument.create();
  for (const part of parts) {
    const source = await PDFDocument.load(part);
    const pages = await joined.copyPages(source, source.getPageIndices());
    for (const page of pages) joined.addPage(page);
  }
  return Buffer.from(await joined.save());
}
