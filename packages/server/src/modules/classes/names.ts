const khmerDigits = '០១២៣៤៥៦៧៨៩';

/** Latin digits written as Khmer ones (7 → ៧, 12 → ១២). */
export function toKhmerDigits(value: number | string): string {
  return String(value).replace(/\d/g, (d) => khmerDigits[Number(d)]!);
}

/**
 * The names a class gets when none is typed, from its grade and section:
 * "Grade 7A" and "ថ្នាក់ទី៧A".
 */
export function classNames(
  gradeNumber: number,
  section: string,
): { nameKm: string; nameEn: string } {
  return {
    nameEn: `Grade ${gradeNumber}${section}`,
    nameKm: `ថ្នាក់ទី${toKhmerDigits(gradeNumber)}${section}`,
  };
}
