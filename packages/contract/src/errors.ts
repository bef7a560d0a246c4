/**
 * Every error the API can answer, with its stable code and its message in both languages.
 * The English messages are the product spec's own wording (sections 5, 7 and 8); the app
 * translates by `code`, so the English text may be shown as is by older clients.
 */
export const errorMessages = {
  VALIDATION_ERROR: { en: 'Validation error', km: 'ទិន្នន័យមិនត្រឹមត្រូវ' },
  INVALID_CREDENTIALS: {
    en: 'Invalid credentials',
    km: 'ឈ្មោះអ្នកប្រើ ឬពាក្យសម្ងាត់មិនត្រឹមត្រូវ',
  },
  LOGIN_FAILED: { en: 'Login failed', km: 'ការចូលគណនីមិនបានសម្រេច' },
  SCHOOL_REQUIRED: {
    en: 'Please enter your school code',
    km: 'សូមបញ្ចូលលេខកូដសាលារៀនរបស់អ្នក',
  },
  SERVER_ERROR: {
    en: 'Server error - please try again later',
    km: 'ម៉ាស៊ីនមេមានបញ្ហា - សូមព្យាយាមម្ដងទៀតនៅពេលក្រោយ',
  },
  NO_TOKEN: {
    en: 'No authentication token found',
    km: 'រកមិនឃើញសញ្ញាសម្គាល់ការចូលគណនី',
  },
  INVALID_TOKEN: {
    en: 'Invalid authentication token',
    km: 'សញ្ញាសម្គាល់ការចូលគណនីមិនត្រឹមត្រូវ',
  },
  SESSION_EXPIRED: {
    en: 'Session expired. Please login again.',
    km: 'វគ្គប្រើប្រាស់បានផុតកំណត់។ សូមចូលគណនីម្ដងទៀត។',
  },
  PROFILE_NOT_FOUND: {
    en: 'User profile not found',
    km: 'រកមិនឃើញប្រវត្តិរូបអ្នកប្រើប្រាស់',
  },
  NOT_FOUND: { en: 'Not found', km: 'រកមិនឃើញ' },
  METHOD_NOT_ALLOWED: { en: 'Method not allowed', km: 'វិធីសាស្ត្រនេះមិនត្រូវបានអនុញ្ញាត' },
  PAYLOAD_TOO_LARGE: { en: 'Request is too large', km: 'សំណើធំពេក' },
  UNSUPPORTED_MEDIA_TYPE: {
    en: 'Unsupported content type',
    km: 'ប្រភេទទិន្នន័យមិនត្រូវបានគាំទ្រ',
  },
  BAD_REQUEST: { en: 'Bad request', km: 'សំណើមិនត្រឹមត្រូវ' },
  TOO_MANY_REQUESTS: {
    en: 'Too many attempts. Please wait and try again.',
    km: 'ព្យាយាមច្រើនដងពេក។ សូមរង់ចាំ ហើយព្យាយាមម្ដងទៀត។',
  },
  TOKEN_REJECTED: { en: 'Invalid token', km: 'សញ្ញាសម្គាល់មិនត្រឹមត្រូវ' },
  TOKEN_REFRESH_FAILED: {
    en: 'Token refresh failed',
    km: 'ការបន្តវគ្គប្រើប្រាស់មិនបានសម្រេច',
  },
  REGISTRATION_FAILED: { en: 'Registration failed', km: 'ការចុះឈ្មោះមិនបានសម្រេច' },
  SIGNUP_DISABLED: {
    en: 'This school does not accept sign-ups. Ask the school office for an account.',
    km: 'សាលារៀននេះមិនទទួលការចុះឈ្មោះដោយខ្លួនឯងទេ។ សូមស្នើសុំគណនីពីការិយាល័យសាលា។',
  },
  FORBIDDEN: {
    en: 'You do not have permission to do this',
    km: 'អ្នកមិនមានសិទ្ធិធ្វើសកម្មភាពនេះទេ',
  },
  ACCOUNT_DISABLED: {
    en: 'This account is disabled. Contact the school office.',
    km: 'គណនីនេះត្រូវបានបិទ។ សូមទាក់ទងការិយាល័យសាលា។',
  },
  PASSWORD_CHANGE_REQUIRED: {
    en: 'Please change your temporary password first',
    km: 'សូមប្ដូរពាក្យសម្ងាត់បណ្ដោះអាសន្នរបស់អ្នកជាមុនសិន',
  },
  PASSWORD_TOO_SHORT: {
    en: 'The password must have at least 10 characters',
    km: 'ពាក្យសម្ងាត់ត្រូវមានយ៉ាងតិច ១០ តួអក្សរ',
  },
  PASSWORD_TOO_COMMON: {
    en: 'This password is too common or too easy to guess. Choose another one.',
    km: 'ពាក្យសម្ងាត់នេះងាយទាយពេក។ សូមជ្រើសរើសពាក្យសម្ងាត់ផ្សេង។',
  },
  WRONG_PASSWORD: {
    en: 'The current password is not correct',
    km: 'ពាក្យសម្ងាត់បច្ចុប្បន្នមិនត្រឹមត្រូវ',
  },
  ACCOUNT_EXISTS: {
    en: 'A user with this username, email or phone number already exists',
    km: 'មានអ្នកប្រើប្រាស់ដែលមានឈ្មោះអ្នកប្រើ អ៊ីមែល ឬលេខទូរស័ព្ទនេះរួចហើយ',
  },
  INVALID_PHONE: {
    en: 'This phone number is not valid',
    km: 'លេខទូរស័ព្ទនេះមិនត្រឹមត្រូវ',
  },
  ROLE_EXISTS: {
    en: 'A role with this name already exists',
    km: 'មានតួនាទីដែលមានឈ្មោះនេះរួចហើយ',
  },
  ROLE_PROTECTED: {
    en: 'The administrator role cannot be changed or deleted',
    km: 'តួនាទីអ្នកគ្រប់គ្រងមិនអាចកែប្រែ ឬលុបបានទេ',
  },
  ROLE_IN_USE: {
    en: 'This role is still given to some users',
    km: 'តួនាទីនេះនៅតែផ្ដល់ឱ្យអ្នកប្រើប្រាស់មួយចំនួន',
  },
  LAST_ADMIN: {
    en: 'The school must keep at least one active administrator',
    km: 'សាលារៀនត្រូវតែមានអ្នកគ្រប់គ្រងសកម្មយ៉ាងហោចណាស់ម្នាក់',
  },
  CANNOT_DISABLE_SELF: {
    en: 'You cannot disable your own account',
    km: 'អ្នកមិនអាចបិទគណនីផ្ទាល់ខ្លួនរបស់អ្នកបានទេ',
  },
  FILE_REQUIRED: {
    en: 'Please choose a file to upload',
    km: 'សូមជ្រើសរើសឯកសារដើម្បីផ្ទុកឡើង',
  },
  FILE_TOO_LARGE: { en: 'The file is too large', km: 'ឯកសារធំពេក' },
  FILE_TYPE_NOT_ALLOWED: {
    en: 'Only JPEG, PNG, WebP or GIF images are accepted',
    km: 'ទទួលយកតែរូបភាព JPEG, PNG, WebP ឬ GIF ប៉ុណ្ណោះ',
  },
} as const satisfies Record<string, { en: string; km: string }>;

export type ErrorCode = keyof typeof errorMessages;
export const errorCodes = Object.keys(errorMessages) as ErrorCode[];

/** The message of an error code in a language, English when the language is unknown. */
export function errorMessage(code: ErrorCode, lang: string = 'en'): string {
  const entry = errorMessages[code];
  return lang === 'km' ? entry.km : entry.en;
}
