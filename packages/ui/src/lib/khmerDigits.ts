/** Khmer digits ០–៩, indexed by their value. */
export const khmerDigits = ['០', '១', '២', '៣', '៤', '៥', '៦', '៧', '៨', '៩'] as const;

const KHMER_ZERO = 0x17e0;

/** Writes every ASCII digit of `value` as a Khmer digit; everything else is kept as it is. */
export function toKhmerDigits(value: string | number): string {
  return String(value).replace(/[0-9]/g, (d) => khmerDigits[Number(d)]!);
}

/** Writes every Khmer digit of `text` as an ASCII digit; everything else is kept as it is. */
export function fromKhmerDigits(text: string): string {
  return text.replace(/[\u17e0-\u17e9]/g, (d) => String(d.charCodeAt(0) - KHMER_ZERO));
}

/** Whether the text holds at least one Khmer digit. */
export function hasKhmerDigits(text: string): boolean {
  return /[\u17e0-\u17e9]/.test(text);
}

/** How digits are written: Latin 0–9 or Khmer ០–៩ (a user preference). */
export const digitStyles = ['latn', 'khmr'] as const;
export type DigitStyle = (typeof digitStyles)[number];

export interface FormatNumberOptions {
  /** Latin or Khmer digits. Default: Latin. */
  digits?: DigitStyle;
  /**
   * The decimal and grouping separators: `latin` keeps `.` and `,` whatever the language, so a
   * score of 8.25 stays 8.25 (or ៨.២៥); `locale` uses the language's own (Khmer writes ១.២៣៤,៥).
   * Default: `latin`.
   */
  separators?: 'latin' | 'locale';
  /** The language whose separators `separators: 'locale'` uses. Default: `km`. */
  locale?: string;
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
  /** Thousands grouping. Default: true. */
  useGrouping?: boolean;
}

// Building Intl.NumberFormat costs far more than formatting with one: each set of options is
// made once (a grid or a table formats a number per cell).
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(tag: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${tag}|${options.minimumFractionDigits}|${options.maximumFractionDigits}|${options.useGrouping}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(tag, options);
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * Formats a number for display. `Intl.NumberFormat('km-KH-u-nu-khmr')` also swaps the decimal
 * separator (8.25 → ៨,២៥), which misreads scores, so by default only the digits change.
 */
export function formatNumber(value: number, options: FormatNumberOptions = {}): string {
  if (!Number.isFinite(value)) return '';
  const {
    digits = 'latn',
    separators = 'latin',
    locale = 'km',
    minimumFractionDigits,
    maximumFractionDigits = Math.max(minimumFractionDigits ?? 0, 3),
    useGrouping = true,
  } = options;
  // Khmer's own separators (១.២៣៤,៥) come only with its own numbering system in ICU.
  const tag =
    separators === 'latin'
      ? 'en-US-u-nu-latn'
      : `${locale}-u-nu-${locale.toLowerCase().startsWith('km') ? 'khmr' : 'latn'}`;
  const text = numberFormat(tag, {
    minimumFractionDigits,
    maximumFractionDigits,
    useGrouping,
  }).format(value);
  return digits === 'khmr' ? toKhmerDigits(text) : fromKhmerDigits(text);
}

/**
 * Reads a number typed in Latin or Khmer digits, with `.` (or the Khmer comma when it is the
 * only separator) as the decimal point and optional `,` grouping. Returns null for anything that
 * is not a number, never a guess.
 */
export function parseNumber(text: string): number | null {
  let ascii = fromKhmerDigits(text).trim().replace(/\s/g, '');
  if (!ascii) return null;
  // "8,25" with no dot: a decimal comma (Khmer and many European keyboards).
  if (!ascii.includes('.') && /^-?\d+,\d{1,2}$/.test(ascii)) ascii = ascii.replace(',', '.');
  else if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(ascii)) ascii = ascii.replace(/,/g, '');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(ascii)) return null;
  const n = Number(ascii);
  return Number.isFinite(n) ? n : null;
}
