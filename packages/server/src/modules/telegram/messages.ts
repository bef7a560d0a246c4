import type { Locale, ScoreTestKind, SessionOfDay, TelegramChatKind } from '@sala/contract';
import { dateText, englishMonths, khmerMonths, nameIn, toKhmerDigits } from '../reports/labels.js';

/**
 * Every message the school's bot sends, in Khmer and English. Texts are plain (no markup);
 * numbers are written in Khmer digits in Khmer messages.
 */

type Named = { nameKm: string; nameEn: string };

const num = (language: Locale, value: number | string) =>
  language === 'km' ? toKhmerDigits(String(value)) : String(value);

const day = (language: Locale, date: string) =>
  dateText(date, language, language === 'km' ? 'khmr' : 'latn');

const sessionNames: Record<SessionOfDay, Record<Locale, string>> = {
  morning: { en: 'morning', km: 'ពេលព្រឹក' },
  afternoon: { en: 'afternoon', km: 'ពេលរសៀល' },
  full_day: { en: 'full day', km: 'ពេញមួយថ្ងៃ' },
};

function sessionText(language: Locale, session: SessionOfDay, period: number | null): string {
  const name = sessionNames[session][language];
  if (period === null) return name;
  return language === 'km'
    ? `${name} ម៉ោងទី${num(language, period)}`
    : `${name}, period ${num(language, period)}`;
}

/** A numbered list of names, one a line. */
function nameLines(language: Locale, people: Named[]): string[] {
  return people.map((person, index) => `${num(language, index + 1)}. ${nameIn(language, person)}`);
}

export interface AbsenceAlert {
  schoolClass: Named;
  date: string;
  session: SessionOfDay;
  /** The period's number when attendance is taken by period. */
  period: number | null;
  absent: Named[];
  late: number;
  permission: number;
  total: number;
}

/** The absence alert for a class's group: who is absent, and how many late or excused. */
export function absenceAlertText(language: Locale, alert: AbsenceAlert): string {
  const className = nameIn(language, alert.schoolClass);
  const when = `${day(language, alert.date)} · ${sessionText(language, alert.session, alert.period)}`;
  const count = num(language, alert.absent.length);
  const lines =
    language === 'km'
      ? [`អវត្តមាន · ថ្នាក់ ${className}`, when, `សិស្សអវត្តមាន៖ ${count} នាក់`]
      : [
          `Absences · ${className}`,
          when,
          `Absent: ${count} student${alert.absent.length === 1 ? '' : 's'}`,
        ];
  lines.push(...nameLines(language, alert.absent));
  if (alert.absent.length === 0) {
    lines.push(language === 'km' ? 'គ្មានសិស្សអវត្តមានទេ។' : 'Nobody is absent.');
  }
  lines.push(
    language === 'km'
      ? `មកយឺត៖ ${num(language, alert.late)} · មានច្បាប់៖ ${num(language, alert.permission)} · សិស្សសរុប៖ ${num(language, alert.total)}`
      : `Late: ${num(language, alert.late)} · Excused: ${num(language, alert.permission)} · Students: ${num(language, alert.total)}`,
  );
  return lines.join('\n');
}

/** A guardian's alert: their student was absent (or, after a correction, is no longer). */
export function guardianAlertText(
  language: Locale,
  alert: {
    student: Named;
    schoolClass: Named;
    date: string;
    session: SessionOfDay;
    period: number | null;
    absent: boolean;
  },
): string {
  const student = nameIn(language, alert.student);
  const className = nameIn(language, alert.schoolClass);
  const when = `${day(language, alert.date)} · ${sessionText(language, alert.session, alert.period)}`;
  if (language === 'km') {
    return alert.absent
      ? `សូមជម្រាបជូន៖ ${student} (ថ្នាក់ ${className}) អវត្តមាននៅ${when}។`
      : `កែតម្រូវ៖ ${student} (ថ្នាក់ ${className}) មិនអវត្តមាននៅ${when}ទេ។`;
  }
  return alert.absent
    ? `${student} (${className}) was absent: ${when}.`
    : `Correction: ${student} (${className}) was not absent: ${when}.`;
}

export interface SummaryClass extends Named {
  taken: boolean;
  present: number;
  absent: number;
  late: number;
  permission: number;
}

/** The office's daily summary: each class's counts today, and the classes not yet taken. */
export function dailySummaryText(
  language: Locale,
  summary: { date: string; classes: SummaryClass[] },
): string {
  const taken = summary.classes.filter((c) => c.taken);
  const missing = summary.classes.filter((c) => !c.taken);
  const total = (key: 'present' | 'absent' | 'late' | 'permission') =>
    num(
      language,
      taken.reduce((sum, c) => sum + c[key], 0),
    );
  const lines =
    language === 'km'
      ? [`សេចក្ដីសង្ខេបវត្តមាន · ${day(language, summary.date)}`]
      : [`Attendance summary · ${day(language, summary.date)}`];
  for (const c of taken) {
    const name = nameIn(language, c);
    lines.push(
      language === 'km'
        ? `${name}៖ មក ${num(language, c.present)} · អវត្តមាន ${num(language, c.absent)} · យឺត ${num(language, c.late)} · ច្បាប់ ${num(language, c.permission)}`
        : `${name}: present ${num(language, c.present)} · absent ${num(language, c.absent)} · late ${num(language, c.late)} · excused ${num(language, c.permission)}`,
    );
  }
  if (taken.length > 0) {
    lines.push(
      language === 'km'
        ? `សរុប៖ មក ${total('present')} · អវត្តមាន ${total('absent')} · យឺត ${total('late')} · ច្បាប់ ${total('permission')}`
        : `Total: present ${total('present')} · absent ${total('absent')} · late ${total('late')} · excused ${total('permission')}`,
    );
  } else {
    lines.push(
      language === 'km'
        ? 'មិនទាន់មានថ្នាក់ណាស្រង់វត្តមាននៅថ្ងៃនេះទេ។'
        : 'No class has taken attendance today.',
    );
  }
  if (missing.length > 0) {
    const names = missing.map((c) => nameIn(language, c)).join(', ');
    lines.push(
      language === 'km'
        ? `មិនទាន់ស្រង់វត្តមាន (${num(language, missing.length)})៖ ${names}`
        : `Not taken yet (${num(language, missing.length)}): ${names}`,
    );
  }
  return lines.join('\n');
}

/** The name of a test: a month's test or a term's exam. */
export function testName(
  language: Locale,
  test: { kind: ScoreTestKind; month: number | null; termNumber: number | null },
): string {
  if (test.kind === 'month' && test.month !== null) {
    return language === 'km'
      ? `ប្រឡងប្រចាំខែ${khmerMonths[test.month - 1]}`
      : `${englishMonths[test.month - 1]} test`;
  }
  if (test.termNumber === null) return language === 'km' ? 'ប្រឡងឆមាស' : 'Term exam';
  const term = num(language, test.termNumber);
  return language === 'km' ? `ប្រឡងឆមាសទី${term}` : `Term ${term} exam`;
}

/** The notice that scores of a test were published. */
export function scoresPublishedText(
  language: Locale,
  notice: {
    schoolClass: Named;
    kind: ScoreTestKind;
    month: number | null;
    termNumber: number | null;
    subjects: Named[];
  },
): string {
  const className = nameIn(language, notice.schoolClass);
  const test = testName(language, notice);
  const subjects = notice.subjects.map((s) => nameIn(language, s)).join(', ');
  return language === 'km'
    ? `ពិន្ទុត្រូវបានផ្សព្វផ្សាយ · ថ្នាក់ ${className}\n${test}\nមុខវិជ្ជា (${num(language, notice.subjects.length)})៖ ${subjects}`
    : `Scores published · ${className}\n${test}\nSubjects (${num(language, notice.subjects.length)}): ${subjects}`;
}

/** The test message sent from the setup page. */
export function testMessageText(language: Locale, botName: string): string {
  return language === 'km'
    ? `សារសាកល្បងពី ${botName}។ ការជូនដំណឹងរបស់សាលានឹងមកដល់ជជែកនេះ។`
    : `A test message from ${botName}. The school's notices will arrive in this chat.`;
}

const linkedWhat: Record<TelegramChatKind, Record<Locale, (target: string) => string>> = {
  class: {
    en: (target) => `This group now receives the notices of class ${target}.`,
    km: (target) => `ក្រុមនេះនឹងទទួលការជូនដំណឹងរបស់ថ្នាក់ ${target}។`,
  },
  office: {
    en: () => 'This group now receives the school office’s notices (daily summary).',
    km: () => 'ក្រុមនេះនឹងទទួលការជូនដំណឹងរបស់ការិយាល័យសាលា (សេចក្ដីសង្ខេបប្រចាំថ្ងៃ)។',
  },
  staff: {
    en: (target) => `Linked to ${target}. Your notices will arrive here.`,
    km: (target) => `បានភ្ជាប់ជាមួយ ${target}។ ការជូនដំណឹងរបស់អ្នកនឹងមកដល់ទីនេះ។`,
  },
  guardian: {
    en: (target) => `You will now receive the notices about ${target}.`,
    km: (target) => `អ្នកនឹងទទួលការជូនដំណឹងអំពី ${target}។`,
  },
};

/** The replies to /link, /start and /unlink. */
export const replies = {
  linked: (language: Locale, kind: TelegramChatKind, target: string) =>
    linkedWhat[kind][language](target),
  badCode: (language: Locale) =>
    language === 'km'
      ? 'កូដនេះមិនត្រឹមត្រូវ ផុតកំណត់ ឬបានប្រើរួចហើយ។ សូមបង្កើតកូដថ្មីក្នុងកម្មវិធី Sala។'
      : 'This code is wrong, expired or already used. Make a new one in the Sala app.',
  groupCodeInPrivate: (language: Locale) =>
    language === 'km'
      ? 'កូដនេះសម្រាប់ក្រុម៖ សូមបន្ថែម bot ទៅក្រុម ហើយផ្ញើ /link និងកូដនៅទីនោះ។'
      : 'This code is for a group: add the bot to the group and send /link with the code there.',
  personalCodeInGroup: (language: Locale) =>
    language === 'km'
      ? 'កូដនេះសម្រាប់ជជែកផ្ទាល់ខ្លួន៖ សូមបើកតំណក្នុងកម្មវិធី Sala។'
      : 'This code is for a personal chat: open the link from the Sala app.',
  noCode: (language: Locale) =>
    language === 'km'
      ? 'សូមផ្ញើ /link ជាមួយកូដពីកម្មវិធី Sala ឧ. /link ABCD2345'
      : 'Send /link with the code from the Sala app, e.g. /link ABCD2345',
  unlinked: (language: Locale, count: number) =>
    count === 0
      ? language === 'km'
        ? 'ជជែកនេះមិនបានភ្ជាប់ជាមួយសាលាទេ។'
        : 'This chat is not linked to the school.'
      : language === 'km'
        ? 'ជជែកនេះលែងទទួលការជូនដំណឹងរបស់សាលាហើយ។'
        : 'This chat no longer receives the school’s notices.',
};

/** The first line of a message, for the list of sends. */
export function previewOf(text: string): string {
  const first = text.split('\n', 1)[0] ?? '';
  return first.length > 120 ? `${first.slice(0, 119)}…` : first;
}
