import type { Key } from 'react-aria-components';

/** One choice of a Select, ComboBox or RadioGroup. */
export interface FieldOption<K extends Key = Key> {
  /** The value stored when this option is chosen. */
  id: K;
  /** What the option shows. */
  label: string;
  /** A second line (e.g. a class's homeroom teacher). */
  description?: string;
  /** The option is shown but cannot be chosen. */
  isDisabled?: boolean;
}
