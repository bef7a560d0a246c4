import './theme/index.js';

export {
  Button,
  buttonSizes,
  buttonVariants,
  type ButtonProps,
} from './components/Button/index.js';
export {
  Card,
  cardElevations,
  cardPaddings,
  cardTones,
  type CardProps,
} from './components/Card/index.js';
export {
  Dialog,
  DialogTrigger,
  dialogSizes,
  type DialogProps,
  type DialogTriggerProps,
} from './components/Dialog/index.js';
export {
  Heading,
  headingLevels,
  type HeadingLevel,
  type HeadingProps,
} from './components/Heading/index.js';
export {
  IconButton,
  iconButtonSizes,
  iconButtonVariants,
  type IconButtonProps,
} from './components/IconButton/index.js';
export {
  Inline,
  inlineAligns,
  inlineAlignYs,
  type InlineProps,
} from './components/Inline/index.js';
export { Spinner, spinnerSizes, type SpinnerProps } from './components/Spinner/index.js';
export { Stack, stackAligns, stackElements, type StackProps } from './components/Stack/index.js';
export {
  Text,
  textSizes,
  textTones,
  textWeights,
  type TextProps,
} from './components/Text/index.js';
export { Tooltip, tooltipPlacements, type TooltipProps } from './components/Tooltip/index.js';
export { VisuallyHidden, type VisuallyHiddenProps } from './components/VisuallyHidden/index.js';
export {
  ColorModeProvider,
  colorModePreferences,
  colorModeScript,
  colorModeStorageKey,
  darkModeStorageKey,
  readColorModePreference,
  useColorMode,
  useForcedColorMode,
  type ColorMode,
  type ColorModePreference,
  type ColorModeProviderProps,
  type ColorModeState,
  type ForcedColorMode,
} from './colorMode/index.js';
export {
  ConfirmDialog,
  ConfirmProvider,
  confirmTypes,
  useConfirm,
  type ConfirmDialogProps,
  type ConfirmOptions,
  type ConfirmType,
} from './components/ConfirmDialog/index.js';
export { ErrorPage, type ErrorPageProps } from './components/ErrorPage/index.js';
export {
  ErrorState,
  type ErrorStateKind,
  type ErrorStateProps,
} from './components/ErrorState/index.js';
export { GlobalLoader, type GlobalLoaderProps } from './components/GlobalLoader/index.js';
export { Link, linkVariants, type LinkProps } from './components/Link/index.js';
export {
  LoadingBar,
  estimatedProgress,
  loadingBarTimings,
  useLoadingIndicator,
  type LoadingBarProps,
  type LoadingBarTimings,
} from './components/LoadingBar/index.js';
export { NETWORK_RESTORED_TIMEOUT, NetworkStatus } from './components/NetworkStatus/index.js';
export { Skeleton, skeletonShapes, type SkeletonProps } from './components/Skeleton/index.js';
export {
  DEFAULT_TOAST_TIMEOUT,
  ToastProvider,
  ToastRegion,
  toastTypes,
  useToast,
  type ShowToastOptions,
  type ToastApi,
  type ToastContent,
  type ToastProviderProps,
  type ToastRegionProps,
  type ToastType,
} from './components/Toast/index.js';
export { AppMenu, type AppMenuItem, type AppMenuProps } from './components/AppMenu/index.js';
export { AppShell, useAppShell, type AppShellProps } from './components/AppShell/index.js';
export { Badge, badgeTones, type BadgeProps } from './components/Badge/index.js';
export { ColorModeToggle, type ColorModeToggleProps } from './components/ColorModeToggle/index.js';
export { Drawer, drawerPlacements, type DrawerProps } from './components/Drawer/index.js';
export {
  LanguageSwitcher,
  languageNames,
  type LanguageSwitcherProps,
} from './components/LanguageSwitcher/index.js';
export {
  Menu,
  MenuItem,
  MenuSeparator,
  type MenuItemProps,
  type MenuProps,
} from './components/Menu/index.js';
export { NavItem, type NavItemProps } from './components/NavItem/index.js';
export { Sidebar, type SidebarProps } from './components/Sidebar/index.js';
export { SalaProvider, type SalaProviderProps } from './provider/SalaProvider.js';
export { localeTags, uiLocales, type UiLocale } from './provider/locales.js';
export { DigitsProvider, useDigits } from './provider/digits.js';
export { TextField, type TextFieldProps } from './components/TextField/index.js';
export {
  AcademicYearPicker,
  type AcademicYearOption,
  type AcademicYearPickerProps,
} from './components/AcademicYearPicker/index.js';
export {
  BilingualTextField,
  type BilingualTextFieldProps,
} from './components/BilingualTextField/index.js';
export { Avatar, avatarSizes, initialsOf, type AvatarProps } from './components/Avatar/index.js';
export {
  Breadcrumbs,
  type BreadcrumbItem,
  type BreadcrumbsProps,
} from './components/Breadcrumbs/index.js';
export { Chart, chartTypes, type ChartDatum, type ChartProps } from './components/Chart/index.js';
export { Checkbox, type CheckboxProps } from './components/Checkbox/index.js';
export { CheckboxGroup, type CheckboxGroupProps } from './components/CheckboxGroup/index.js';
export { ComboBox, type ComboBoxProps } from './components/ComboBox/index.js';
export {
  DataTable,
  compareValues,
  containsText,
  createColumnHelper,
  type ColumnDef,
  type DataTablePaging,
  type DataTableProps,
  type SortingState,
  type VisibilityState,
} from './components/DataTable/index.js';
export { DatePicker, type DatePickerProps } from './components/DatePicker/index.js';
export { DateRangePicker, type DateRangePickerProps } from './components/DateRangePicker/index.js';
export { DayOfWeekPicker, type DayOfWeekPickerProps } from './components/DayOfWeekPicker/index.js';
export {
  EditableGrid,
  type EditableGridProps,
  type GridChange,
  type GridColumn,
  type GridRow,
  type GridValues,
} from './components/EditableGrid/index.js';
export { EmptyState, type EmptyStateProps } from './components/EmptyState/index.js';
export {
  ErrorSummary,
  findField,
  focusField,
  type ErrorSummaryItem,
  type ErrorSummaryProps,
} from './components/ErrorSummary/index.js';
export { Form, type FormProps } from './components/Form/index.js';
export {
  ImageUpload,
  checkImageFile,
  cropToBlob,
  fitWithin,
  type CropArea,
  type ImageUploadProps,
} from './components/ImageUpload/index.js';
export { MonthPicker, type MonthPickerProps } from './components/MonthPicker/index.js';
export { NumberField, type NumberFieldProps } from './components/NumberField/index.js';
export {
  Pagination,
  pageItems,
  type PageItem,
  type PaginationProps,
} from './components/Pagination/index.js';
export { PasswordField, type PasswordFieldProps } from './components/PasswordField/index.js';
export { PhoneInput, type PhoneInputProps } from './components/PhoneInput/index.js';
export { QrCode, type QrCodeProps } from './components/QrCode/index.js';
export { RadioGroup, type RadioGroupProps } from './components/RadioGroup/index.js';
export {
  SegmentedControl,
  segmentTones,
  type Segment,
  type SegmentTone,
  type SegmentedControlProps,
} from './components/SegmentedControl/index.js';
export { Select, type SelectProps } from './components/Select/index.js';
export { StatCard, type StatCardProps } from './components/StatCard/index.js';
export { Switch, type SwitchProps } from './components/Switch/index.js';
export { Tabs, type TabItem, type TabsProps } from './components/Tabs/index.js';
export { TextArea, type TextAreaProps } from './components/TextArea/index.js';
export { TimeField, type TimeFieldProps } from './components/TimeField/index.js';
export { WeekPicker, type WeekPickerProps } from './components/WeekPicker/index.js';
export { YearPicker, type YearPickerProps } from './components/YearPicker/index.js';
export type { FieldOption } from './components/private/field/options.js';
export { languageOf, useBilingual } from './lib/bilingual.js';
export {
  dayColors,
  dayName,
  dayOfWeekOf,
  daysOfWeek,
  isDayOfWeek,
  isMonth,
  isWeekOfMonth,
  khmerDayNames,
  khmerMonthNames,
  monthName,
  months,
  schedulePeriodName,
  schedulePeriodTypes,
  weekOfMonthOf,
  weekOfMonthRange,
  weeksInMonth,
  weeksOfMonth,
  type CalendarLanguage,
  type DayColors,
  type DayOfWeek,
  type Month,
  type NameWidth,
  type SchedulePeriodType,
  type WeekOfMonth,
} from './lib/calendar.js';
export {
  toFormErrors,
  type FlattenedErrorsLike,
  type FormErrors,
  type SafeParseResultLike,
  type ValidationErrorLike,
  type ValidationIssueLike,
  type ValidationResultLike,
} from './lib/formErrors.js';
export {
  digitStyles,
  formatNumber,
  fromKhmerDigits,
  hasKhmerDigits,
  khmerDigits,
  parseNumber,
  toKhmerDigits,
  type DigitStyle,
  type FormatNumberOptions,
} from './lib/khmerDigits.js';
export {
  callingCodeOf,
  formatPhone,
  formatPhoneAsYouType,
  normalisePhoneInput,
  parsePhone,
  phoneCountries,
  type ParsedPhone,
  type PhoneCountry,
  type PhoneDisplay,
  type PhoneProblem,
} from './lib/phone.js';
export { formatMessage, type MessageValues } from './i18n/format.js';
export {
  uiStrings,
  useUiStrings,
  type UiStringKey,
  type UiStringOverrides,
} from './i18n/strings.js';
export { pickText, type BilingualText } from './lib/bilingual.js';
export {
  DARK_MODE_CLASS,
  breakpoints,
  createSalaTheme,
  darkThemeClass,
  lightThemeClass,
  sprinkles,
  textSize,
  typeScale,
  typeSizes,
  vars,
  type Responsive,
  type SalaTheme,
  type SalaThemeValues,
  type Space,
  type Sprinkles,
  type TypeSize,
} from './theme/index.js';
