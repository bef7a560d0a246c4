import { fillMessage, type MessageParams } from './errors.js';

/**
 * The short confirmations the server answers a change with (`{ success: true, message }`), in
 * each language the product speaks, under a key: each text is written once, here, and the
 * server answers it in the caller's language. `{{name}}` stands for a value given with the key.
 */
export const successMessages = {
  LOGIN_SUCCESSFUL: { en: 'Login successful', km: 'ចូលគណនីបានសម្រេច' },
  /** A sign-up of its own: the account waits for an administrator's approval. */
  ACCOUNT_CREATED_PENDING: {
    en: 'Account created. An administrator must approve it before you can use the school’s data.',
    km: 'បានបង្កើតគណនី។ អ្នកគ្រប់គ្រងត្រូវអនុម័តគណនីនេះ មុនពេលអ្នកអាចប្រើទិន្នន័យរបស់សាលារៀន។',
  },
  SIGNED_OUT: { en: 'Signed out', km: 'បានចាកចេញ' },
  PASSWORD_CHANGED: {
    en: 'Password changed. Your other devices were signed out.',
    km: 'បានប្ដូរពាក្យសម្ងាត់។ ឧបករណ៍ផ្សេងទៀតរបស់អ្នកត្រូវបានចាកចេញ។',
  },
  OTHER_DEVICES_SIGNED_OUT: {
    en: 'Every other device was signed out',
    km: 'ឧបករណ៍ផ្សេងទៀតទាំងអស់ត្រូវបានចាកចេញ',
  },
  DEVICE_SIGNED_OUT: { en: 'The device was signed out', km: 'ឧបករណ៍នេះត្រូវបានចាកចេញ' },
  ACADEMIC_YEAR_DELETED: { en: 'Academic year deleted', km: 'បានលុបឆ្នាំសិក្សា' },
  GRADE_LEVEL_DELETED: { en: 'Grade level deleted', km: 'បានលុបកម្រិតថ្នាក់' },
  DEPARTMENT_DELETED: { en: 'Department deleted', km: 'បានលុបដេប៉ាតឺម៉ង់' },
  STAFF_MEMBER_DELETED: { en: 'Staff member deleted', km: 'បានលុបបុគ្គលិក' },
  SUBJECT_DELETED: { en: 'Subject deleted', km: 'បានលុបមុខវិជ្ជា' },
  CLASS_DELETED: { en: 'Class deleted', km: 'បានលុបថ្នាក់' },
  STUDENT_DELETED: { en: 'Student deleted', km: 'បានលុបសិស្ស' },
  TEACHING_ASSIGNMENT_REMOVED: {
    en: 'Teaching assignment removed',
    km: 'បានដកការចាត់តាំងបង្រៀនចេញ',
  },
  LESSON_REMOVED: { en: 'Lesson removed', km: 'បានលុបមេរៀនចេញ' },
  LESSON_TAKEN_OFF_LOG: {
    en: 'Lesson taken off the log',
    km: 'បានលុបមេរៀនចេញពីកំណត់ហេតុ',
  },
  ATTENDANCE_SAVED: { en: 'Attendance saved', km: 'បានរក្សាទុកវត្តមាន' },
  /** A teacher's sheet saved over marks the office had corrected since: the corrections stay. */
  ATTENDANCE_SAVED_CORRECTIONS_KEPT: {
    en: 'Attendance saved. The office had corrected {{count}} of these marks since; their corrections were kept.',
    km: 'បានរក្សាទុកវត្តមាន។ ការិយាល័យបានកែតម្រូវ {{count}} នៃវត្តមានទាំងនេះ; ការកែតម្រូវរបស់ពួកគេត្រូវបានរក្សាទុក។',
  },
  LEAVE_REMOVED: { en: 'Leave removed', km: 'បានលុបច្បាប់' },
  COMMENT_SAVED: { en: 'Comment saved', km: 'បានរក្សាទុកមតិ' },
  REPORT_PRINT_CANCELLED: {
    en: 'Report card print cancelled',
    km: 'បានបោះបង់ការបោះពុម្ពព្រឹត្តិបត្រពិន្ទុ',
  },
  SIDEBAR_DEFAULT_RESTORED: {
    en: 'The default menu is restored.',
    km: 'បានស្ដារម៉ឺនុយលំនាំដើមវិញ។',
  },
  SIDEBAR_ALREADY_DEFAULT: {
    en: 'This role already uses the default menu.',
    km: 'តួនាទីនេះប្រើម៉ឺនុយលំនាំដើមរួចហើយ។',
  },
  CHAT_UNLINKED: { en: 'The chat was unlinked', km: 'បានផ្ដាច់ជជែក' },
} as const satisfies Record<string, { en: string; km: string }>;

export type SuccessMessageKey = keyof typeof successMessages;

/** A confirmation's text in a language (Khmer for `km`, else English), its values filled in. */
export function successMessage(
  key: SuccessMessageKey,
  lang: string = 'en',
  params: MessageParams = {},
): string {
  const entry = successMessages[key];
  return fillMessage(lang === 'km' ? entry.km : entry.en, params);
}
