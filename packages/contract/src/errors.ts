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
  PASSWORD_TOO_PERSONAL: {
    en: 'The password must not be built on your username, your email or the school code. Choose another one.',
    km: 'ពាក្យសម្ងាត់មិនត្រូវបង្កើតចេញពីឈ្មោះអ្នកប្រើ អ៊ីមែល ឬលេខកូដសាលារៀនរបស់អ្នកទេ។ សូមជ្រើសរើសពាក្យសម្ងាត់ផ្សេង។',
  },
  PASSWORD_SAME_AS_CURRENT: {
    en: 'The new password must be different from the current one',
    km: 'ពាក្យសម្ងាត់ថ្មីត្រូវខុសពីពាក្យសម្ងាត់បច្ចុប្បន្ន',
  },
  WRONG_PASSWORD: {
    en: 'The current password is not correct',
    km: 'ពាក្យសម្ងាត់បច្ចុប្បន្នមិនត្រឹមត្រូវ',
  },
  ACCOUNT_EXISTS: {
    en: 'A user with this username, email or phone number already exists',
    km: 'មានអ្នកប្រើប្រាស់ដែលមានឈ្មោះអ្នកប្រើ អ៊ីមែល ឬលេខទូរស័ព្ទនេះរួចហើយ',
  },
  EMPLOYEE_HAS_ACCOUNT: {
    en: 'This staff member already has an account',
    km: 'បុគ្គលិកនេះមានគណនីរួចហើយ',
  },
  TOO_MANY_ACCOUNTS: {
    en: 'Create at most 200 accounts at once',
    km: 'អាចបង្កើតគណនីបានច្រើនបំផុត ២០០ ក្នុងពេលតែមួយ',
  },
  INVALID_PHONE: {
    en: 'This phone number is not valid',
    km: 'លេខទូរស័ព្ទនេះមិនត្រឹមត្រូវ',
  },
  USERNAME_LIKE_PHONE_OR_EMAIL: {
    en: 'A username cannot look like a phone number or an email address: those already sign in. Choose another username.',
    km: 'ឈ្មោះអ្នកប្រើមិនអាចមានទម្រង់ជាលេខទូរស័ព្ទ ឬអ៊ីមែលបានទេ ព្រោះលេខទូរស័ព្ទ និងអ៊ីមែលត្រូវបានប្រើសម្រាប់ចូលគណនីរួចហើយ។ សូមជ្រើសរើសឈ្មោះអ្នកប្រើផ្សេង។',
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
  ACCOUNT_ABOVE_YOURS: {
    en: 'This account holds permissions you do not hold. Only someone who holds them (an administrator, for an administrator) can change it.',
    km: 'គណនីនេះមានសិទ្ធិដែលអ្នកមិនមាន។ មានតែអ្នកដែលមានសិទ្ធិទាំងនោះ (អ្នកគ្រប់គ្រង សម្រាប់គណនីអ្នកគ្រប់គ្រង) ទើបអាចកែប្រែគណនីនេះបាន។',
  },
  ROLE_ABOVE_YOURS: {
    en: 'This role holds permissions you do not hold, so you cannot change or delete it.',
    km: 'តួនាទីនេះមានសិទ្ធិដែលអ្នកមិនមាន ដូច្នេះអ្នកមិនអាចកែប្រែ ឬលុបវាបានទេ។',
  },
  OUTSIDE_YOUR_DEPARTMENT: {
    en: 'You manage the subjects and staff of your own department only.',
    km: 'អ្នកគ្រប់គ្រងបានតែមុខវិជ្ជា និងបុគ្គលិកនៃដេប៉ាតឺម៉ង់របស់អ្នកប៉ុណ្ណោះ។',
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
  VERSION_CONFLICT: {
    en: 'Someone else changed this record while you were editing it. Reload it and make your change again.',
    km: 'មានអ្នកផ្សេងបានកែប្រែកំណត់ត្រានេះ ខណៈពេលអ្នកកំពុងកែ។ សូមផ្ទុកវាឡើងវិញ ហើយកែម្ដងទៀត។',
  },
  CODE_EXISTS: {
    en: 'This code is already used in the school',
    km: 'លេខកូដនេះត្រូវបានប្រើរួចហើយក្នុងសាលារៀន',
  },
  NAME_EXISTS: {
    en: 'This name is already used',
    km: 'ឈ្មោះនេះត្រូវបានប្រើរួចហើយ',
  },
  NAME_REQUIRED: {
    en: 'Enter a name in Khmer or in English',
    km: 'សូមបញ្ចូលឈ្មោះជាភាសាខ្មែរ ឬភាសាអង់គ្លេស',
  },
  ACCOUNT_PENDING: {
    en: 'Your account waits for approval by an administrator of your school. Until then you cannot do this.',
    km: 'គណនីរបស់អ្នកកំពុងរង់ចាំការអនុម័តពីអ្នកគ្រប់គ្រងសាលារៀនរបស់អ្នក។ រហូតដល់ពេលនោះ អ្នកមិនអាចធ្វើសកម្មភាពនេះបានទេ។',
  },
  TOO_MANY_UPLOADS: {
    en: 'Too many files were uploaded in a short time. Please wait a minute and try again.',
    km: 'ឯកសារត្រូវបានផ្ទុកឡើងច្រើនពេកក្នុងរយៈពេលខ្លី។ សូមរង់ចាំមួយនាទី ហើយព្យាយាមម្ដងទៀត។',
  },
  UPLOAD_QUOTA_USER: {
    en: 'Your uploaded files have used all the storage space allowed for one account.',
    km: 'ឯកសារដែលអ្នកបានផ្ទុកឡើងបានប្រើអស់ទំហំផ្ទុកដែលអនុញ្ញាតសម្រាប់គណនីមួយ។',
  },
  UPLOAD_QUOTA_SCHOOL: {
    en: 'The school’s uploaded files have used all the storage space allowed for the school. Contact the person who runs the server.',
    km: 'ឯកសារដែលសាលារៀនបានផ្ទុកឡើងបានប្រើអស់ទំហំផ្ទុកដែលអនុញ្ញាតសម្រាប់សាលារៀន។ សូមទាក់ទងអ្នកដែលគ្រប់គ្រងម៉ាស៊ីនមេ។',
  },
  TEXT_DIRECTION_CONTROL: {
    en: 'Remove the hidden text-direction characters: they make text print in the wrong order',
    km: 'សូមលុបតួអក្សរលាក់ដែលបញ្ជាទិសដៅអត្ថបទចេញ៖ វាធ្វើឱ្យអត្ថបទបោះពុម្ពខុសលំដាប់',
  },
  INVALID_DATE_RANGE: {
    en: 'The end date must come after the start date',
    km: 'កាលបរិច្ឆេទបញ្ចប់ត្រូវនៅក្រោយកាលបរិច្ឆេទចាប់ផ្ដើម',
  },
  INVALID_REFERENCE: {
    en: 'A chosen record does not exist in this school',
    km: 'កំណត់ត្រាដែលបានជ្រើសរើសមិនមាននៅក្នុងសាលារៀននេះទេ',
  },
  DEPARTMENT_IN_USE: {
    en: 'This department still has staff or subjects. Move them to another department first.',
    km: 'ដេប៉ាតឺម៉ង់នេះនៅមានបុគ្គលិក ឬមុខវិជ្ជា។ សូមផ្ទេរពួកគេទៅដេប៉ាតឺម៉ង់ផ្សេងជាមុនសិន។',
  },
  EMPLOYEE_IN_USE: {
    en: 'This staff member still teaches, leads a department or is a homeroom teacher. Change that first.',
    km: 'បុគ្គលិកនេះនៅតែបង្រៀន ដឹកនាំដេប៉ាតឺម៉ង់ ឬជាគ្រូបន្ទុកថ្នាក់។ សូមផ្លាស់ប្ដូរវាជាមុនសិន។',
  },
  SUBJECT_IN_USE: {
    en: 'This subject is still taught in some classes. Remove it from their teaching first.',
    km: 'មុខវិជ្ជានេះនៅតែបង្រៀនក្នុងថ្នាក់មួយចំនួន។ សូមដកវាចេញពីការបង្រៀនជាមុនសិន។',
  },
  CLASS_IN_USE: {
    en: 'This class has students or an enrollment history, which must be kept. It cannot be deleted.',
    km: 'ថ្នាក់នេះមានសិស្ស ឬប្រវត្តិចុះឈ្មោះចូលរៀន ដែលត្រូវរក្សាទុក។ មិនអាចលុបវាបានទេ។',
  },
  CLASS_EXISTS: {
    en: 'This year already has a class of this grade and section',
    km: 'ឆ្នាំនេះមានថ្នាក់នៃកម្រិតថ្នាក់ និងផ្នែកនេះរួចហើយ',
  },
  CAPACITY_BELOW_STUDENTS: {
    en: 'The capacity cannot be lower than the number of students already in the class',
    km: 'ចំនួនសិស្សអតិបរមាមិនអាចតិចជាងចំនួនសិស្សដែលមានក្នុងថ្នាក់រួចហើយបានទេ',
  },
  YEAR_IN_USE: {
    en: 'This academic year still has classes. Remove them first.',
    km: 'ឆ្នាំសិក្សានេះនៅមានថ្នាក់។ សូមលុបពួកវាជាមុនសិន។',
  },
  YEAR_ALREADY_ROLLED_OVER: {
    en: 'This year has already been rolled over into the next one',
    km: 'ឆ្នាំនេះត្រូវបានផ្ទេរទៅឆ្នាំបន្ទាប់រួចហើយ',
  },
  GRADE_LEVEL_IN_USE: {
    en: 'This grade level still has classes or subjects.',
    km: 'កម្រិតថ្នាក់នេះនៅមានថ្នាក់ ឬមុខវិជ្ជា។',
  },
  GRADE_LEVEL_EXISTS: {
    en: 'This grade level already exists',
    km: 'កម្រិតថ្នាក់នេះមានរួចហើយ',
  },
  STUDENT_IN_USE: {
    en: 'This student has an enrollment history. Change their status instead of deleting them.',
    km: 'សិស្សនេះមានប្រវត្តិចុះឈ្មោះចូលរៀន។ សូមប្ដូរស្ថានភាពរបស់គាត់ជំនួសឱ្យការលុប។',
  },
  CLASS_FULL: {
    en: 'This class is full',
    km: 'ថ្នាក់នេះពេញហើយ',
  },
  ALREADY_ENROLLED: {
    en: 'This student is already in a class this year. Transfer them instead.',
    km: 'សិស្សនេះមានថ្នាក់រួចហើយក្នុងឆ្នាំនេះ។ សូមផ្ទេរគាត់ជំនួសវិញ។',
  },
  NOT_ENROLLED: {
    en: 'This student is not in a class this year',
    km: 'សិស្សនេះមិនទាន់មានថ្នាក់ក្នុងឆ្នាំនេះទេ',
  },
  USER_ALREADY_LINKED: {
    en: 'This user account already belongs to another staff member',
    km: 'គណនីអ្នកប្រើប្រាស់នេះជាកម្មសិទ្ធិរបស់បុគ្គលិកម្នាក់ទៀតរួចហើយ',
  },
  TIMETABLE_SLOT_TAKEN: {
    en: 'This class already has a lesson at that time',
    km: 'ថ្នាក់នេះមានមេរៀនរួចហើយនៅម៉ោងនោះ',
  },
  TIMETABLE_TEACHER_CLASH: {
    en: 'This teacher already teaches another class at that time',
    km: 'គ្រូនេះបង្រៀនថ្នាក់ផ្សេងរួចហើយនៅម៉ោងនោះ',
  },
  TIMETABLE_ROOM_CLASH: {
    en: 'This room is already used by another class at that time',
    km: 'បន្ទប់នេះត្រូវបានថ្នាក់ផ្សេងប្រើរួចហើយនៅម៉ោងនោះ',
  },
  ASSIGNMENT_EXISTS: {
    en: 'This subject already has a teacher in this class',
    km: 'មុខវិជ្ជានេះមានគ្រូបង្រៀនរួចហើយក្នុងថ្នាក់នេះ',
  },
  SUBJECT_NOT_IN_GRADE: {
    en: "This subject is not taught in this class's grade level",
    km: 'មុខវិជ្ជានេះមិនត្រូវបានបង្រៀននៅកម្រិតថ្នាក់នៃថ្នាក់នេះទេ',
  },
  EMPLOYEE_NOT_WORKING: {
    en: 'This staff member no longer works at the school',
    km: 'បុគ្គលិកនេះលែងធ្វើការនៅសាលារៀនហើយ',
  },
  PERIOD_SESSION_MISMATCH: {
    en: "This period belongs to another shift than the class's",
    km: 'ម៉ោងសិក្សានេះជារបស់វេនផ្សេងពីវេនរបស់ថ្នាក់',
  },
  NO_EMPLOYEE_RECORD: {
    en: 'Your account is not linked to a staff record',
    km: 'គណនីរបស់អ្នកមិនទាន់បានភ្ជាប់ទៅនឹងកំណត់ត្រាបុគ្គលិកទេ',
  },
  NOT_ASSIGNED: {
    en: 'You do not teach this subject in this class',
    km: 'អ្នកមិនបង្រៀនមុខវិជ្ជានេះក្នុងថ្នាក់នេះទេ',
  },
  TEACHING_LOG_LOCKED: {
    en: 'A teacher can change or delete a lesson of the log only within 7 days of recording it',
    km: 'គ្រូអាចកែ ឬលុបមេរៀនក្នុងកំណត់ហេតុបានតែក្នុងរយៈពេល ៧ ថ្ងៃបន្ទាប់ពីកត់ត្រាប៉ុណ្ណោះ',
  },
  DATE_OUTSIDE_YEAR: {
    en: "This date is outside the class's academic year",
    km: 'កាលបរិច្ឆេទនេះនៅក្រៅឆ្នាំសិក្សារបស់ថ្នាក់',
  },
  INVALID_DATE: {
    en: 'Enter a date that exists, as YYYY-MM-DD',
    km: 'សូមបញ្ចូលកាលបរិច្ឆេទដែលមានពិត ជា ឆ្នាំ-ខែ-ថ្ងៃ',
  },
  DATE_OUT_OF_RANGE: {
    en: 'This date is outside the years the school can record (1900 to 2200)',
    km: 'កាលបរិច្ឆេទនេះនៅក្រៅឆ្នាំដែលសាលារៀនអាចកត់ត្រាបាន (ពីឆ្នាំ ១៩០០ ដល់ឆ្នាំ ២២០០)',
  },
  BIRTH_DATE_IN_FUTURE: {
    en: 'A date of birth cannot be in the future',
    km: 'ថ្ងៃខែឆ្នាំកំណើតមិនអាចជាថ្ងៃអនាគតបានទេ',
  },
  IMPORT_INVALID: {
    en: 'Some rows of the file have errors. Nothing was imported.',
    km: 'ជួរមួយចំនួននៃឯកសារមានកំហុស។ គ្មានអ្វីត្រូវបាននាំចូលទេ។',
  },
  UNKNOWN_WORD: {
    en: 'Write one of: {{words}}',
    km: 'សូមសរសេរពាក្យមួយក្នុងចំណោម៖ {{words}}',
  },
  DUPLICATE_IN_FILE: {
    en: 'This code appears on more than one row of the file',
    km: 'លេខកូដនេះមាននៅលើជួរច្រើនជាងមួយនៃឯកសារ',
  },
  IMPORT_TOO_MANY_ROWS: {
    en: 'The file has too many rows. Import at most 10,000 rows at a time.',
    km: 'ឯកសារមានជួរច្រើនពេក។ សូមនាំចូលយ៉ាងច្រើន ១០,០០០ ជួរក្នុងមួយលើក។',
  },
  IMPORT_UNREADABLE: {
    en: 'This file could not be read. Upload an Excel (.xlsx) file.',
    km: 'មិនអាចអានឯកសារនេះបានទេ។ សូមផ្ទុកឡើងឯកសារតារាងសៀវភៅបញ្ជី (.xlsx)។',
  },
  IMPORT_TOO_MUCH_DATA: {
    en: 'This file unpacks to too much data. Import its rows in several smaller files.',
    km: 'ឯកសារនេះមានទិន្នន័យច្រើនពេក។ សូមនាំចូលជួររបស់វាជាឯកសារតូចៗច្រើន។',
  },
  IMPORT_TOO_MANY_COLUMNS: {
    en: 'The file has values in too many columns. An import reads at most 100 columns (A to CV).',
    km: 'ឯកសារមានតម្លៃក្នុងជួរឈរច្រើនពេក។ ការនាំចូលអានបានយ៉ាងច្រើន ១០០ ជួរឈរ (A ដល់ CV)។',
  },
  IMPORT_TOO_MANY_CELLS: {
    en: 'The file has too many filled cells. Import at most 300,000 cells at a time.',
    km: 'ឯកសារមានក្រឡាដែលបានបំពេញច្រើនពេក។ សូមនាំចូលយ៉ាងច្រើន ៣០០,០០០ ក្រឡាក្នុងមួយលើក។',
  },
  DUPLICATE_MONTH: {
    en: 'A month appears twice',
    km: 'ខែមួយលេចឡើងពីរដង',
  },
  DUPLICATE_TERM: {
    en: 'Two terms have the same number',
    km: 'ឆមាសពីរមានលេខដូចគ្នា',
  },
  EXAM_MONTH_OUTSIDE_TERM: {
    en: "The exam month must be one of the term's months",
    km: 'ខែប្រឡងត្រូវតែជាខែមួយនៃឆមាស',
  },
  TERM_ORDER: {
    en: 'Term {{number}} must start after Term {{previous}} ends',
    km: 'ឆមាសទី {{number}} ត្រូវចាប់ផ្ដើមក្រោយពេលឆមាសទី {{previous}} បញ្ចប់',
  },
  TERM_OUTSIDE_YEAR: {
    en: "Every month of the term must fall between the year's first and last day",
    km: 'ខែនីមួយៗនៃឆមាស ត្រូវស្ថិតនៅចន្លោះថ្ងៃដំបូង និងថ្ងៃចុងក្រោយនៃឆ្នាំសិក្សា',
  },
  GRADE_CUTOFF_ORDER: {
    en: 'Cut-off for {{letter}} must be below the cut-off for {{previous}}',
    km: 'កម្រិតសម្រាប់និទ្ទេស {{letter}} ត្រូវតែទាបជាងកម្រិតសម្រាប់និទ្ទេស {{previous}}',
  },
  GRADE_CUTOFF_LOWEST: {
    en: 'The lowest grade, {{letter}}, starts at 0',
    km: 'និទ្ទេសទាបបំផុត {{letter}} ចាប់ផ្ដើមពី ០',
  },
  INVALID_TIME: { en: 'Enter a time as HH:MM', km: 'សូមបញ្ចូលម៉ោងជា ម៉ោង:នាទី' },
  INVALID_TIME_RANGE: {
    en: 'The end time must come after the start time',
    km: 'ម៉ោងបញ្ចប់ត្រូវនៅក្រោយម៉ោងចាប់ផ្ដើម',
  },
  PERIOD_IN_USE: {
    en: 'A period you removed is used in the timetable. Move or remove its lessons first.',
    km: 'ម៉ោងសិក្សាដែលអ្នកបានដកចេញ ត្រូវបានប្រើក្នុងកាលវិភាគ។ សូមផ្លាស់ទី ឬដកមេរៀនរបស់វាចេញជាមុនសិន។',
  },
  DUPLICATE_PERIOD: {
    en: 'Two periods of the same shift have the same number',
    km: 'ម៉ោងសិក្សាពីរនៃវេនតែមួយមានលេខដូចគ្នា',
  },
  PERIOD_OVERLAP: {
    en: 'Period {{number}} overlaps period {{other}} of the same shift',
    km: 'ម៉ោងសិក្សាទី {{number}} ជាន់ម៉ោងសិក្សាទី {{other}} នៃវេនដដែល',
  },
  /*
   * A field's own problem, said so that the person typing knows what to change. `{{name}}` is a
   * parameter the refusal carries (see messages.ts): the limit, the range, the other field.
   */
  REQUIRED: { en: 'Fill in this field', km: 'សូមបំពេញប្រអប់នេះ' },
  CHOICE_REQUIRED: { en: 'Choose one', km: 'សូមជ្រើសរើសមួយ' },
  TOO_SHORT: {
    en: 'Enter at least {{min}} characters',
    km: 'សូមបញ្ចូលយ៉ាងតិច {{min}} តួអក្សរ',
  },
  TOO_LONG: {
    en: 'Enter at most {{max}} characters',
    km: 'សូមបញ្ចូលយ៉ាងច្រើន {{max}} តួអក្សរ',
  },
  NOT_A_NUMBER: { en: 'Enter a number', km: 'សូមបញ្ចូលជាលេខ' },
  NOT_WHOLE_NUMBER: { en: 'Enter a whole number', km: 'សូមបញ្ចូលចំនួនគត់' },
  NUMBER_TOO_SMALL: {
    en: 'Enter a number of at least {{min}}',
    km: 'សូមបញ្ចូលលេខយ៉ាងតិច {{min}}',
  },
  NUMBER_NOT_ABOVE: {
    en: 'Enter a number greater than {{min}}',
    km: 'សូមបញ្ចូលលេខធំជាង {{min}}',
  },
  NUMBER_TOO_LARGE: {
    en: 'Enter a number of at most {{max}}',
    km: 'សូមបញ្ចូលលេខយ៉ាងច្រើន {{max}}',
  },
  NUMBER_OUT_OF_RANGE: {
    en: 'Enter a number from {{min}} to {{max}}',
    km: 'សូមបញ្ចូលលេខពី {{min}} ដល់ {{max}}',
  },
  TOO_MANY_DECIMALS: {
    en: 'Use at most {{max}} decimal places',
    km: 'សូមប្រើខ្ទង់ទសភាគយ៉ាងច្រើន {{max}} ខ្ទង់',
  },
  TOO_FEW_ITEMS: { en: 'Choose at least {{min}}', km: 'សូមជ្រើសរើសយ៉ាងតិច {{min}}' },
  TOO_MANY_ITEMS: { en: 'Choose at most {{max}}', km: 'សូមជ្រើសរើសយ៉ាងច្រើន {{max}}' },
  INVALID_CHOICE: {
    en: 'Choose one of the options offered',
    km: 'សូមជ្រើសរើសជម្រើសមួយដែលមានក្នុងបញ្ជី',
  },
  INVALID_EMAIL: {
    en: 'Enter an email address such as name@example.com',
    km: 'សូមបញ្ចូលអាសយដ្ឋានអ៊ីមែល ដូចជា name@example.com',
  },
  INVALID_CODE: {
    en: 'Use only letters, digits, dots, dashes and slashes, without spaces',
    km: 'សូមប្រើតែអក្សរ លេខ សញ្ញាចុច សញ្ញាដក និងសញ្ញាទ្រេត ដោយគ្មានដកឃ្លា',
  },
  UNKNOWN_FIELD: {
    en: 'This field is not accepted here',
    km: 'ប្រអប់នេះមិនត្រូវបានទទួលយកនៅទីនេះទេ',
  },
  INVALID_VALUE: { en: 'This value is not valid', km: 'តម្លៃនេះមិនត្រឹមត្រូវ' },
  DUPLICATE: {
    en: 'The same entry is listed twice',
    km: 'ធាតុដដែលត្រូវបានរាយពីរដង',
  },
  DUPLICATE_MENU_ENTRY: {
    en: 'This page is in the menu twice',
    km: 'ទំព័រនេះមានពីរដងក្នុងម៉ឺនុយ',
  },
  UNKNOWN_MENU_ENTRY: {
    en: 'This is not a page of the menu',
    km: 'នេះមិនមែនជាទំព័រក្នុងម៉ឺនុយទេ',
  },
  TIMETABLE_VIEW_REQUIRED: {
    en: 'Choose one view of the timetable: a class, a member of staff, a room or your own week',
    km: 'សូមជ្រើសទិដ្ឋភាពកាលវិភាគមួយ៖ ថ្នាក់ បុគ្គលិក បន្ទប់ ឬសប្ដាហ៍របស់អ្នក',
  },
  UNKNOWN_PERMISSION: {
    en: 'This permission does not exist',
    km: 'សិទ្ធិនេះមិនមានទេ',
  },
  DUPLICATE_STUDENT: {
    en: 'This student is on the sheet twice',
    km: 'សិស្សនេះមានពីរដងក្នុងបញ្ជី',
  },
  LEAVE_TOO_LONG: {
    en: 'A leave covers at most {{max}} days. Record a longer absence as several leaves.',
    km: 'ច្បាប់មួយគ្របដណ្ដប់បានយ៉ាងច្រើន {{max}} ថ្ងៃ។ សូមកត់ត្រាអវត្តមានយូរជាងនេះជាច្បាប់ច្រើន។',
  },
  ATTENDANCE_LOCKED: {
    en: 'This sheet can no longer be changed by a teacher. Ask the office to correct it.',
    km: 'គ្រូមិនអាចកែបញ្ជីនេះបានទៀតទេ។ សូមស្នើការិយាល័យឱ្យកែតម្រូវ។',
  },
  DATE_IN_FUTURE: {
    en: 'Attendance cannot be taken for a day that has not come yet',
    km: 'មិនអាចស្រង់វត្តមានសម្រាប់ថ្ងៃដែលមិនទាន់មកដល់',
  },
  SESSION_NOT_TAKEN: {
    en: 'The school does not take attendance in this shift',
    km: 'សាលាមិនស្រង់វត្តមានក្នុងវេននេះទេ',
  },
  STUDENT_NOT_IN_CLASS: {
    en: 'This student was not in the class on that day',
    km: 'សិស្សនេះមិននៅក្នុងថ្នាក់នៅថ្ងៃនោះទេ',
  },
  SHEET_ID_IN_USE: {
    en: 'This sheet id belongs to another class, day or shift',
    km: 'លេខសម្គាល់បញ្ជីនេះជារបស់ថ្នាក់ ថ្ងៃ ឬវេនផ្សេង',
  },
  ATTENDANCE_CONFLICT: {
    en: 'Someone else changed some of these marks while you were taking attendance. Check them and save again.',
    km: 'មាននរណាម្នាក់បានកែវត្តមានខ្លះ ពេលអ្នកកំពុងស្រង់វត្តមាន។ សូមពិនិត្យ ហើយរក្សាទុកម្ដងទៀត។',
  },
  SCORE_ABSENT_WITH_SCORE: {
    en: 'A student marked absent for a test cannot also have a score',
    km: 'សិស្សដែលអវត្តមានក្នុងការប្រឡង មិនអាចមានពិន្ទុបានទេ',
  },
  SCORE_ABOVE_MAX: {
    en: 'This score is above the subject’s maximum',
    km: 'ពិន្ទុនេះលើសពិន្ទុអតិបរមានៃមុខវិជ្ជា',
  },
  SCORES_PUBLISHED: {
    en: 'These scores are published and locked. Someone who may unlock them must do so first.',
    km: 'ពិន្ទុទាំងនេះត្រូវបានផ្សព្វផ្សាយ និងចាក់សោ។ អ្នកដែលមានសិទ្ធិដោះសោត្រូវដោះសោជាមុនសិន។',
  },
  SCORE_CONFLICT: {
    en: 'Someone else changed some of these scores while you were typing. Check them and save again.',
    km: 'មាននរណាម្នាក់បានកែពិន្ទុខ្លះ ពេលអ្នកកំពុងវាយ។ សូមពិនិត្យ ហើយរក្សាទុកម្ដងទៀត។',
  },
  SUBJECT_NOT_IN_CLASS: {
    en: 'This subject is not taught in this class',
    km: 'មុខវិជ្ជានេះមិនបង្រៀនក្នុងថ្នាក់នេះទេ',
  },
  MONTH_NOT_IN_TERM: {
    en: 'This month is not part of the chosen term',
    km: 'ខែនេះមិនមែនជាផ្នែកនៃឆមាសដែលបានជ្រើសទេ',
  },
  SCORE_STATUS_CHANGE: {
    en: 'These scores cannot move to that state from where they are now',
    km: 'ពិន្ទុទាំងនេះមិនអាចប្ដូរទៅស្ថានភាពនោះពីស្ថានភាពបច្ចុប្បន្នបានទេ',
  },
  NOTHING_TO_CHANGE: {
    en: 'There are no scores here to change yet',
    km: 'មិនទាន់មានពិន្ទុត្រូវប្ដូរនៅទីនេះទេ',
  },
  SCORES_INCOMPLETE: {
    en: 'Not published: some students have no score, and this subject was not chosen to be published incomplete',
    km: 'មិនបានផ្សព្វផ្សាយ៖ សិស្សខ្លះមិនទាន់មានពិន្ទុ ហើយមុខវិជ្ជានេះមិនត្រូវបានជ្រើសឱ្យផ្សព្វផ្សាយទាំងមិនគ្រប់',
  },
  NO_SCORES_ENTERED: {
    en: 'Not published: no score has been entered for this subject yet',
    km: 'មិនបានផ្សព្វផ្សាយ៖ មុខវិជ្ជានេះមិនទាន់មានពិន្ទុបញ្ចូលនៅឡើយទេ',
  },
  ALREADY_PUBLISHED: {
    en: 'Already published before',
    km: 'បានផ្សព្វផ្សាយរួចហើយពីមុន',
  },
  INCOMPLETE_NOT_ASKED: {
    en: 'Only a subject being published can be chosen to be published incomplete',
    km: 'អាចជ្រើសឱ្យផ្សព្វផ្សាយទាំងមិនគ្រប់ បានតែមុខវិជ្ជាដែលកំពុងផ្សព្វផ្សាយប៉ុណ្ណោះ',
  },
  REPORT_NOT_READY: {
    en: 'This report is not ready yet',
    km: 'របាយការណ៍នេះមិនទាន់រួចរាល់ទេ',
  },
  REPORT_FAILED: {
    en: 'The report could not be made. Try again; if it fails again, tell the administrator.',
    km: 'មិនអាចបង្កើតរបាយការណ៍បានទេ។ សូមព្យាយាមម្ដងទៀត។ បើនៅតែបរាជ័យ សូមប្រាប់អ្នកគ្រប់គ្រង។',
  },
  REPORT_NO_STUDENTS: {
    en: 'There are no students in this class for that period, so there is nothing to print',
    km: 'មិនមានសិស្សក្នុងថ្នាក់នេះសម្រាប់រយៈពេលនោះទេ ដូច្នេះគ្មានអ្វីត្រូវបោះពុម្ពទេ',
  },
  REPORT_JOBS_WAITING: {
    en: 'Report cards you asked for are already waiting to print. Wait for them to finish, then print again.',
    km: 'ព្រឹត្តិបត្រពិន្ទុដែលអ្នកបានស្នើសុំ កំពុងរង់ចាំបោះពុម្ពរួចហើយ។ សូមរង់ចាំឱ្យវាបោះពុម្ពរួចសិន ទើបបោះពុម្ពម្ដងទៀត។',
  },
  REPORT_SCHOOL_JOBS_WAITING: {
    en: 'Many of your school’s report cards are already waiting to print. Wait for some of them to finish, then print again.',
    km: 'ព្រឹត្តិបត្រពិន្ទុជាច្រើនរបស់សាលារៀនអ្នក កំពុងរង់ចាំបោះពុម្ពរួចហើយ។ សូមរង់ចាំឱ្យខ្លះបោះពុម្ពរួចសិន ទើបបោះពុម្ពម្ដងទៀត។',
  },
  TELEGRAM_NOT_CONFIGURED: {
    en: 'Telegram is not set up for this school yet. Add the bot on the Telegram setup page first.',
    km: 'សាលានេះមិនទាន់រៀបចំ Telegram នៅឡើយទេ។ សូមបញ្ចូល bot នៅទំព័ររៀបចំ Telegram ជាមុនសិន។',
  },
  TELEGRAM_TOKEN_FORMAT: {
    en: 'A bot token looks like 123456789:AAH… — the bot’s number, a colon and a long code',
    km: 'token របស់ bot មានរាងដូច 123456789:AAH… — លេខរបស់ bot សញ្ញាចុចពីរ និងកូដវែងមួយ',
  },
  TELEGRAM_TOKEN_REJECTED: {
    en: 'Telegram did not accept this token. Copy it again from BotFather, whole.',
    km: 'Telegram មិនទទួលយក token នេះទេ។ សូមចម្លងវាម្ដងទៀតពី BotFather ឲ្យបានពេញលេញ។',
  },
  // The school's server could not reach Telegram: the user's own device is online (this answer
  // came back to it), so the words point at the server, never at the user's connection.
  TELEGRAM_UNREACHABLE: {
    en: 'The Sala server could not reach Telegram. Your device is connected: the server’s internet connection or Telegram itself is down. Try again later; if it lasts, tell whoever runs the server.',
    km: 'ម៉ាស៊ីនមេ Sala មិនអាចភ្ជាប់ទៅ Telegram បានទេ។ ឧបករណ៍របស់អ្នកមានការតភ្ជាប់ធម្មតា៖ ការតភ្ជាប់អ៊ីនធឺណិតរបស់ម៉ាស៊ីនមេ ឬ Telegram ខ្លួនឯងកំពុងមានបញ្ហា។ សូមព្យាយាមម្ដងទៀតពេលក្រោយ។ បើនៅតែដដែល សូមប្រាប់អ្នកគ្រប់គ្រងម៉ាស៊ីនមេ។',
  },
  TELEGRAM_CHAT_INACTIVE: {
    en: 'This chat no longer receives messages: the bot was blocked or removed from it.',
    km: 'ជជែកនេះលែងទទួលសារហើយ៖ bot ត្រូវបានបិទ ឬដកចេញពីវា។',
  },
  TELEGRAM_NOT_FAILED: {
    en: 'Only a message that failed can be sent again',
    km: 'មានតែសារដែលផ្ញើមិនបានទេ ទើបអាចផ្ញើម្ដងទៀតបាន',
  },
} as const satisfies Record<string, { en: string; km: string }>;

export type ErrorCode = keyof typeof errorMessages;
export const errorCodes = Object.keys(errorMessages) as ErrorCode[];

/** The values a message's `{{name}}` placeholders take (a limit, a range, a term's number). */
export type MessageParams = Readonly<Record<string, string | number>>;

/**
 * The message of an error code in a language, English when the language is unknown, its
 * `{{name}}` placeholders filled from `params` (numbers written by `formatNumber`, e.g. in Khmer
 * digits for a user who chose them; as they are otherwise).
 */
export function errorMessage(
  code: ErrorCode,
  lang: string = 'en',
  params: MessageParams = {},
  formatNumber: (value: number) => string = String,
): string {
  const entry = errorMessages[code];
  return fillMessage(lang === 'km' ? entry.km : entry.en, params, formatNumber);
}

/** A message's `{{name}}` placeholders filled with their values; one not given stays as it is. */
export function fillMessage(
  text: string,
  params: MessageParams = {},
  formatNumber: (value: number) => string = String,
): string {
  return text.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => {
    const value = params[name];
    if (value === undefined) return placeholder;
    return typeof value === 'number' ? formatNumber(value) : value;
  });
}
