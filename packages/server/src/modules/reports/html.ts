import type { Locale, ReportCard, ReportCardsResponse } from '@sala/contract';
import { cardFontFamily, embeddedFontFaces } from './fonts.js';
import {
  cardLabels,
  dateText,
  digitsOf,
  fixed,
  genderLabels,
  nameIn,
  periodText,
  scoreText,
} from './labels.js';

/** What a printed set of cards is made from. */
export interface PrintableCards {
  data: ReportCardsResponse;
  language: Locale;
  /** Images by file id (the school's logo, the students' photos) as `data:` URIs. */
  images: ReadonlyMap<string, string>;
  /** The day printed at the foot of each card, `YYYY-MM-DD`. */
  printedOn: string;
}

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => escapes[char]!);
}

/** Only images the server itself turned into data URIs are printed. */
const safeImage = (uri: string | undefined) =>
  uri && /^data:image\/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/=]+$/.test(uri) ? uri : undefined;

/**
 * How tightly a card is set: more subjects, or a long comment, take smaller type so that every
 * card stays on its one A4 page.
 */
export function densityOf(subjectCount: number, commentLength: number): 0 | 1 | 2 | 3 {
  const load = subjectCount + Math.ceil(commentLength / 160);
  if (load <= 13) return 0;
  if (load <= 17) return 1;
  if (load <= 22) return 2;
  return 3;
}

const styles = `
@page { size: A4; margin: 0; }
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; background: #fff; }
body { font-family: ${cardFontFamily}; color: #111; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.card { width: 210mm; height: 297mm; padding: 11mm 13mm 10mm; overflow: hidden; display: flex; flex-direction: column;
  break-after: page; page-break-after: always; font-size: 10.5pt; line-height: 1.55; position: relative; }
.card:last-child { break-after: auto; page-break-after: auto; }
.card.d1 { font-size: 9.8pt; line-height: 1.5; }
.card.d2 { font-size: 9pt; line-height: 1.45; }
.card.d3 { font-size: 8.2pt; line-height: 1.4; }
.top { display: flex; justify-content: space-between; align-items: flex-start; gap: 6mm; }
.school { display: flex; gap: 3mm; align-items: center; max-width: 60%; }
.school img { width: 18mm; height: 18mm; object-fit: contain; }
.school .name { font-weight: 700; font-size: 1.1em; }
.school .other, .school .address { font-size: 0.85em; color: #333; }
.kingdom { text-align: center; font-weight: 700; }
.kingdom .motto { font-weight: 400; }
h1 { text-align: center; font-size: 1.45em; margin: 2.5mm 0 0; line-height: 1.5; }
.period { text-align: center; font-weight: 700; margin-bottom: 2mm; }
.identity { display: flex; justify-content: space-between; gap: 4mm; margin-bottom: 2mm; }
.facts { border-collapse: collapse; flex: 1; }
.facts th { text-align: left; font-weight: 400; color: #444; padding: 0 3mm 0 0; white-space: nowrap; vertical-align: baseline; width: 1%; }
.facts td { padding: 0 4mm 0 0; font-weight: 700; overflow-wrap: anywhere; vertical-align: baseline; }
.photo { width: 24mm; height: 30mm; border: 0.3mm solid #999; flex: none; display: flex; align-items: center; justify-content: center; overflow: hidden; }
.photo img { width: 100%; height: 100%; object-fit: cover; }
.d2 .photo, .d3 .photo { width: 20mm; height: 25mm; }
table.scores { width: 100%; border-collapse: collapse; margin-bottom: 2mm; }
.scores th, .scores td { border: 0.25mm solid #777; padding: 0.4mm 2mm; }
.scores th { background: #eef1f5; font-weight: 700; text-align: center; }
.scores td.num, .scores td.grade { text-align: center; white-space: nowrap; width: 17mm; }
.scores td.no { text-align: center; width: 8mm; color: #555; }
.scores td.subject { overflow-wrap: anywhere; }
.scores .empty td { text-align: center; color: #555; }
.summary { display: grid; grid-template-columns: 1fr 1fr 1fr; gap: 0.8mm 4mm; border: 0.25mm solid #777; padding: 1.5mm 3mm; margin-bottom: 2mm; }
.summary div { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.summary .label { color: #444; }
.summary strong { font-weight: 700; }
.summary .wide { grid-column: span 2; }
.attendance { display: flex; gap: 1mm 5mm; flex-wrap: wrap; margin-bottom: 2mm; }
.attendance .label { color: #444; }
.card > * { flex-shrink: 0; }
.comment { border: 0.25mm solid #777; padding: 1.5mm 3mm; min-height: 16mm; flex: 1 0 auto; margin-bottom: 2mm; }
.comment .label { font-weight: 700; }
.comment p { margin: 0.5mm 0 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.notice { font-size: 0.85em; color: #8a2b00; text-align: center; margin-bottom: 1mm; }
.date { text-align: right; margin-bottom: 1mm; }
.signs { display: grid; grid-template-columns: 1fr 1fr 1fr; gap: 4mm; text-align: center; flex: none; }
.signs .role { font-weight: 700; }
.signs .space { height: 15mm; }
.d2 .signs .space, .d3 .signs .space { height: 12mm; }
.d3 .scores th, .d3 .scores td { padding: 0 2mm; }
.d3 .signs .space { height: 10mm; }
.signs .who, .signs .pre { min-height: 1.55em; }
`;

const text = (language: Locale, key: keyof typeof cardLabels) =>
  escapeHtml(cardLabels[key][language]);

function cardHtml(print: PrintableCards, card: ReportCard): string {
  const { data, language, images } = print;
  const digits = data.digits;
  const num = (value: string) => escapeHtml(digitsOf(value, digits));
  const dash = '—';
  const decimals = data.decimals;
  const schoolName = nameIn(language, data.school);
  const otherSchoolName = nameIn(language === 'km' ? 'en' : 'km', data.school);
  const logo = safeImage(data.school.logoFileId ? images.get(data.school.logoFileId) : undefined);
  const photo = safeImage(
    card.student.photoFileId ? images.get(card.student.photoFileId) : undefined,
  );
  const density = densityOf(data.subjects.length, card.comment.length);

  const scores = new Map(card.subjects.map((subject) => [subject.subjectId, subject]));
  const rows = data.subjects
    .map((subject, index) => {
      const result = scores.get(subject.id);
      const score = result?.absent
        ? text(language, 'absentMark')
        : result?.score === null || result?.score === undefined
          ? dash
          : num(scoreText(result.score, decimals));
      return `<tr><td class="no">${num(String(index + 1))}</td><td class="subject">${escapeHtml(nameIn(language, subject))}</td><td class="num">${score}</td><td class="num">${num(scoreText(subject.maxScore, decimals))}</td><td class="grade">${escapeHtml(result?.grade ?? dash)}</td></tr>`;
    })
    .join('');
  const totalMax = data.subjects.reduce(
    (sum, subject) => sum + subject.maxScore * subject.coefficient,
    0,
  );
  const mention = language === 'km' ? card.mentionKm : card.mentionEn;
  const gradeText = card.grade ? `${card.grade}${mention ? ` (${mention})` : ''}` : dash;
  const rankText =
    card.rank === null
      ? dash
      : language === 'km'
        ? `${card.rank} ក្នុងចំណោម ${card.rankOf} នាក់`
        : `${card.rank} of ${card.rankOf}`;
  const resultText =
    card.passed === null
      ? dash
      : card.passed
        ? cardLabels.passed[language]
        : cardLabels.failed[language];
  const homeroom = data.class.homeroom ? nameIn(language, data.class.homeroom) : '';
  const gender = card.student.gender ? genderLabels[card.student.gender][language] : dash;
  const birth = card.student.birthDate ? dateText(card.student.birthDate, language, digits) : dash;
  const period = periodText(data.period, language, digits);

  return `<section class="card${density ? ` d${density}` : ''}" data-student="${escapeHtml(card.student.id)}">
<div class="top">
<div class="school">${logo ? `<img src="${escapeHtml(logo)}" alt="">` : ''}<div><div class="name">${escapeHtml(schoolName)}</div>${otherSchoolName && otherSchoolName !== schoolName ? `<div class="other">${escapeHtml(otherSchoolName)}</div>` : ''}${data.school.address ? `<div class="address">${escapeHtml(data.school.address)}</div>` : ''}</div></div>
<div class="kingdom"><div>${text(language, 'kingdom')}</div><div class="motto">${text(language, 'motto')}</div></div>
</div>
<h1>${text(language, 'title')}</h1>
<div class="period">${escapeHtml(period)}</div>
<div class="identity">
<table class="facts"><tbody>
<tr><th>${text(language, 'name')}</th><td>${escapeHtml(nameIn(language, card.student))}</td><th>${text(language, 'code')}</th><td>${escapeHtml(card.student.code)}</td></tr>
<tr><th>${text(language, 'gender')}</th><td>${escapeHtml(gender)}</td><th>${text(language, 'birthDate')}</th><td>${escapeHtml(birth)}</td></tr>
<tr><th>${text(language, 'class')}</th><td>${escapeHtml(nameIn(language, data.class))}</td><th>${text(language, 'year')}</th><td>${num(data.year.name)}</td></tr>
</tbody></table>
<div class="photo">${photo ? `<img src="${escapeHtml(photo)}" alt="">` : ''}</div>
</div>
<table class="scores"><thead><tr><th>#</th><th>${text(language, 'subject')}</th><th>${text(language, 'score')}</th><th>${text(language, 'max')}</th><th>${text(language, 'grade')}</th></tr></thead>
<tbody>${rows || `<tr class="empty"><td colspan="5">${text(language, 'noSubjects')}</td></tr>`}</tbody></table>
<div class="summary">
<div><span class="label">${text(language, 'total')}:</span> <strong>${card.total === null ? dash : num(fixed(card.total, decimals))}</strong> / ${num(scoreText(totalMax, decimals))}</div>
<div><span class="label">${text(language, 'average')}:</span> <strong>${card.average === null ? dash : num(fixed(card.average, decimals))}</strong> / ${num(scoreText(data.maxScore, decimals))}</div>
<div><span class="label">${text(language, 'rank')}:</span> <strong>${num(rankText)}</strong></div>
<div class="wide"><span class="label">${text(language, 'grade')}:</span> <strong>${escapeHtml(gradeText)}</strong></div>
<div><span class="label">${text(language, 'result')}:</span> <strong>${escapeHtml(resultText)}</strong></div>
</div>
${card.active ? '' : `<div class="notice">${text(language, 'left')}</div>`}
<div class="attendance"><strong>${text(language, 'attendance')} (${text(language, 'times')}):</strong>
<span><span class="label">${text(language, 'absent')}:</span> <strong>${num(String(card.attendance.absent))}</strong></span>
<span><span class="label">${text(language, 'permission')}:</span> <strong>${num(String(card.attendance.permission))}</strong></span>
<span><span class="label">${text(language, 'late')}:</span> <strong>${num(String(card.attendance.late))}</strong></span></div>
<div class="comment"><div class="label">${text(language, 'comment')}</div><p>${escapeHtml(card.comment)}</p></div>
${data.published ? '' : `<div class="notice">${text(language, 'draft')}</div>`}
<div class="date">${escapeHtml(dateText(print.printedOn, language, digits))}</div>
<div class="signs">
<div><div class="pre"></div><div class="role">${text(language, 'guardian')}</div><div class="space"></div><div class="who"></div></div>
<div><div class="pre"></div><div class="role">${text(language, 'homeroom')}</div><div class="space"></div><div class="who">${escapeHtml(homeroom)}</div></div>
<div><div class="pre">${text(language, 'seen')}</div><div class="role">${text(language, 'principal')}</div><div class="space"></div><div class="who"></div></div>
</div>
</section>`;
}

/** The cards as one printable HTML document: an A4 page per student, fonts inlined. */
export function renderCardsHtml(print: PrintableCards): string {
  const title = `${cardLabels.title[print.language]} — ${nameIn(print.language, print.data.class)}`;
  return `<!doctype html>
<html lang="${print.language}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>${embeddedFontFaces()}
${styles}</style></head>
<body>
${print.data.cards.map((card) => cardHtml(print, card)).join('\n')}
</body></html>`;
}
