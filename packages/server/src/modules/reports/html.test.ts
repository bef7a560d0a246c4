import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_COMMENT_MAX } from '@sala/contract';
import { sampleCards } from './fixtures.test-helpers.js';
import { densityOf, escapeHtml, renderCardsHtml } from './html.js';
import { dateText, fixed, periodText, scoreText, toKhmerDigits } from './labels.js';
import { assertChromium, inkOfPage, pageCount } from './pdf-check.test-helpers.js';
import { CardPrinter, joinPdfs } from './pdf.js';

const onePixelPng =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe('report card text', () => {
  it('writes Khmer digits, rounds half up and keeps whole scores whole', () => {
    expect(toKhmerDigits('Rank 12 of 45, 7.25')).toBe('Rank ១២ of ៤៥, ៧.២៥');
    expect(fixed(1.005, 2)).toBe('1.01');
    expect(fixed(7.25, 1)).toBe('7.3');
    expect(fixed(0, 2)).toBe('0.00');
    expect(scoreText(8, 2)).toBe('8');
    expect(scoreText(8.456, 1)).toBe('8.5');
  });

  it('names dates and periods in both languages', () => {
    expect(dateText('2026-03-05', 'en', 'latn')).toBe('5 March 2026');
    expect(dateText('2026-03-05', 'km', 'khmr')).toBe('ថ្ងៃទី៥ ខែមីនា ឆ្នាំ២០២៦');
    expect(periodText({ period: 'month', month: 11, term: null }, 'km', 'latn')).toBe(
      'ប្រចាំខែវិច្ឆិកា',
    );
    expect(
      periodText(
        { period: 'term', month: null, term: { number: 2, nameKm: '', nameEn: '' } },
        'en',
        'latn',
      ),
    ).toBe('Semester 2');
    expect(periodText({ period: 'year', month: null, term: null }, 'en', 'latn')).toBe(
      'The whole year',
    );
  });

  it('escapes every text it prints', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
    const data = sampleCards({ students: 1, comment: '<script>alert("comment")</script>' });
    data.school.nameEn = '<img src=x onerror=alert(1)>';
    data.class.nameEn = '"><b>class</b>';
    data.subjects[0]!.nameEn = '<i>subject</i> & more';
    data.cards[0]!.student.nameEn = `O'Neil <b>`;
    data.cards[0]!.student.code = '<code>';
    data.class.homeroom!.nameEn = '<u>teacher</u>';
    const html = renderCardsHtml({
      data,
      language: 'en',
      images: new Map(),
      printedOn: '2026-11-22',
    });
    expect(html).not.toMatch(/<script>|<img src=x|<b>|<i>subject|<u>|<code>/);
    expect(html).toContain('&lt;script&gt;alert(&quot;comment&quot;)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;i&gt;subject&lt;/i&gt; &amp; more');
    expect(html).toContain('O&#39;Neil &lt;b&gt;');
  });

  it('prints only image data the server made, never a link', () => {
    const data = sampleCards({ students: 2 });
    data.school.logoFileId = data.school.id;
    data.cards[0]!.student.photoFileId = data.cards[0]!.student.id;
    data.cards[1]!.student.photoFileId = data.cards[1]!.student.id;
    const images = new Map([
      [data.school.id, onePixelPng],
      [data.cards[0]!.student.id, onePixelPng],
      [data.cards[1]!.student.id, 'https://example.com/tracker.png'],
    ]);
    const html = renderCardsHtml({ data, language: 'en', images, printedOn: '2026-11-22' });
    expect(html.split(onePixelPng).length - 1).toBe(3); // the logo twice, one photo
    expect(html).not.toContain('example.com');
  });

  it('prints a card in Khmer with the school’s digits, decimals and words', () => {
    const data = sampleCards({ students: 1, subjects: 3, digits: 'khmr', published: false });
    data.decimals = 1;
    const card = data.cards[0]!;
    card.total = 101.25;
    card.average = 33.75;
    card.rank = 3;
    card.rankOf = 42;
    card.grade = 'B';
    card.mentionKm = 'ល្អណាស់';
    card.passed = false;
    card.attendance = { absent: 4, permission: 12, late: 0 };
    const html = renderCardsHtml({
      data,
      language: 'km',
      images: new Map(),
      printedOn: '2026-11-22',
    });
    expect(html).toContain('<html lang="km">');
    expect(html).toContain('ព្រឹត្តិបត្រពិន្ទុ');
    expect(html).toContain('<strong>១០១.៣</strong> / ១៥០');
    expect(html).toContain('<strong>៣៣.៨</strong> / ៥០');
    expect(html).toContain('៣ ក្នុងចំណោម ៤២ នាក់');
    expect(html).toContain('B (ល្អណាស់)');
    expect(html).toContain('ធ្លាក់');
    expect(html).toContain('<strong>១២</strong>');
    expect(html).toContain('អវត្តមាន</td>'); // the absent score
    expect(html).toContain('បណ្ដោះអាសន្ន'); // not every sheet published
    expect(html).toContain('ថ្ងៃទី២២ ខែវិច្ឆិកា ឆ្នាំ២០២៦');
    expect(html).toContain("font-family:'Sala Khmer'");
    expect(html).not.toMatch(/[0-9]\.[0-9]{2}</); // no Latin averages
  });

  it('sets fuller cards in smaller type', () => {
    expect(densityOf(8, 100)).toBe(0);
    expect(densityOf(14, 0)).toBe(1);
    expect(densityOf(20, 0)).toBe(2);
    expect(densityOf(20, REPORT_COMMENT_MAX)).toBe(3);
  });
});

describe('report cards in PDF', () => {
  let printer: CardPrinter;
  beforeAll(() => {
    assertChromium();
    printer = new CardPrinter();
  });
  afterAll(() => printer?.close());

  it('fits 20 subjects and the longest comment on one page per student, in both languages', async () => {
    const comment = 'សិស្សនេះខិតខំរៀនសូត្រណាស់ ហើយមានការរីកចម្រើនគួរឱ្យកត់សម្គាល់។ '
      .repeat(20)
      .slice(0, REPORT_COMMENT_MAX);
    for (const language of ['km', 'en'] as const) {
      const data = sampleCards({ subjects: 20, students: 3, comment, digits: 'khmr' });
      data.cards[2]!.comment = 'W'.repeat(REPORT_COMMENT_MAX); // no place to break a line
      const html = renderCardsHtml({ data, language, images: new Map(), printedOn: '2026-11-22' });
      const part = await printer.print(html);
      expect(part.shrunk, `${language}: cards too full for their type`).toEqual([]);
      expect(part.overflowing).toEqual([]);
      expect(part.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(await pageCount(part.pdf)).toBe(3);
    }
  });

  it('shrinks a card that would not fit rather than cut it or spill onto a second page', async () => {
    const data = sampleCards({ subjects: 20, students: 2 });
    data.cards[0]!.comment = 'A long line of remarks. '.repeat(200); // far past what is allowed
    const part = await printer.print(
      renderCardsHtml({ data, language: 'en', images: new Map(), printedOn: '2026-11-22' }),
    );
    expect(part.shrunk).toEqual([data.cards[0]!.student.id]);
    expect(await pageCount(part.pdf)).toBe(2);
  });

  it('prints visible pages and joins parts into one document in order', async () => {
    const first = sampleCards({ students: 2 });
    const second = sampleCards({ students: 3 });
    const parts = await Promise.all(
      [first, second].map((data) =>
        printer.print(
          renderCardsHtml({ data, language: 'km', images: new Map(), printedOn: '2026-11-22' }),
        ),
      ),
    );
    const joined = await joinPdfs(parts.map((part) => part.pdf));
    expect(await pageCount(joined)).toBe(5);
    const ink = inkOfPage(joined, 1);
    expect(ink).toBeGreaterThan(0.01);
    expect(ink).toBeLessThan(0.5);
    expect(inkOfPage(joined, 5)).toBeGreaterThan(0.01);
  });

  it('closes an idle browser and starts it again for the next print', async () => {
    const idle = new CardPrinter(undefined, 300);
    try {
      const html = renderCardsHtml({
        data: sampleCards({ students: 1 }),
        language: 'en',
        images: new Map(),
        printedOn: '2026-11-22',
      });
      await idle.print(html);
      expect(idle.running).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 900));
      expect(idle.running).toBe(false);
      expect(await pageCount((await idle.print(html)).pdf)).toBe(1);
      expect(idle.running).toBe(true);
    } finally {
      await idle.close();
    }
    expect(idle.running).toBe(false);
  });
});
