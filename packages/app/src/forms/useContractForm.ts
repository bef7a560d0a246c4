import { zodResolver } from '@hookform/resolvers/zod';
import { contractErrorMap } from '@sala/contract';
import type { ErrorSummaryItem } from '@sala/ui';
import { useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Path,
  type PathValue,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../api/http.js';
import { failureText } from '../records/errors.js';
import { useMessageText } from './messages.js';

/** The message keys of a field's error: every refusal of the field, each once. */
function keysOf(error: FieldError): string[] {
  const keys = error.types
    ? Object.values(error.types).flatMap((value) =>
        typeof value === 'string' ? [value] : Array.isArray(value) ? value : [],
      )
    : [];
  if (keys.length === 0 && error.message) keys.push(...error.message.split('\n'));
  return [...new Set(keys.filter((key) => key !== ''))];
}

const isFieldError = (node: unknown): node is FieldError =>
  typeof node === 'object' &&
  node !== null &&
  typeof (node as FieldError).type === 'string' &&
  ((node as FieldError).message !== undefined || (node as FieldError).types !== undefined);

/** react-hook-form's nested errors as dotted field names (`terms.1.months`) with their keys. */
export function flattenErrors(errors: FieldErrors, prefix = ''): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [key, node] of Object.entries(errors)) {
    if (!node || key === 'ref') continue;
    const name = key === 'root' ? prefix.replace(/\.$/, '') : `${prefix}${key}`;
    if (isFieldError(node)) {
      const keys = keysOf(node);
      if (keys.length > 0) out.set(name, [...(out.get(name) ?? []), ...keys]);
    }
    if (typeof node === 'object') {
      for (const [inner, keys] of flattenErrors(node as FieldErrors, `${name}.`)) {
        out.set(inner, keys);
      }
    }
  }
  return out;
}

export interface ContractFormOptions<S extends z.ZodType<FieldValues, FieldValues>> {
  /** The contract's schema of the request: the same check the server makes. */
  schema: S;
  defaultValues: DefaultValues<z.input<S>>;
}

/**
 * A form checked by the contract's schema (react-hook-form with zodResolver and the contract's
 * error map), whose refusals — its own and the server's — show next to each field and in a
 * summary at the top, in the contract's words. Fields bind with `text`, `number`, `value`; the
 * summary is `summary` (an ErrorSummary's props); `submit` wraps the save.
 */
export function useContractForm<S extends z.ZodType<FieldValues, FieldValues>>({
  schema,
  defaultValues,
}: ContractFormOptions<S>) {
  type Input = z.input<S>;
  type Output = z.output<S>;
  const { t, i18n } = useTranslation('common');
  const text = useMessageText();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema as never, { error: contractErrorMap } as never) as never,
    defaultValues,
    criteriaMode: 'all',
    shouldFocusError: false,
  });
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [submits, setSubmits] = useState(0);
  /** Each bound field's label, in the order the form shows them. */
  const labels = useRef(new Map<string, ReactNode>());
  /** Fields shown as one (a name's Khmer and English inputs): summed up under the first. */
  const partOf = useRef(new Map<string, string>());
  const values = form.watch();
  const { errors, isSubmitted } = form.formState;
  const flat = flattenErrors(errors as FieldErrors);

  const messageOf = (name: string): string | undefined => {
    const keys = flat.get(name);
    return keys && keys.length > 0 ? keys.map(text).join(' ') : undefined;
  };

  const setValue = (name: Path<Input>, value: unknown) => {
    form.setValue(name, value as PathValue<Input, Path<Input>>, { shouldDirty: true });
    // Once submitted, every change checks the whole form again: a cross-field refusal (term
    // order, cut-off order) clears as soon as either field is put right.
    if (isSubmitted) void form.trigger();
  };

  /** Names a part of the form that has no bound field (a list, a group) for the summary. */
  const label = (name: string, text: ReactNode) => {
    labels.current.set(name, text);
  };

  const read = (name: string): unknown =>
    name
      .split('.')
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], values);

  /** Binds any field: its label, name, value and error; `onChange` sets the value. */
  const value = <V>(name: Path<Input>, label: ReactNode) => {
    labels.current.set(name, label);
    const errorMessage = messageOf(name);
    return {
      label,
      name,
      value: read(name) as V,
      onChange: (next: V | null) => setValue(name, next),
      ...(errorMessage ? { errorMessage } : {}),
    };
  };

  /**
   * Binds a text field. The contract checks it, not the browser: a required or an email field
   * is never stopped by the browser's own message, which is in the browser's language.
   */
  const textField = (name: Path<Input>, label: ReactNode) => {
    const bound = value<string>(name, label);
    return { ...bound, value: bound.value ?? '', validationBehavior: 'aria' as const };
  };

  /**
   * Binds a name kept in two fields (`nameKm`, `nameEn`) to one BilingualTextField; the summary
   * lists it once.
   */
  const bilingual = (km: Path<Input>, en: Path<Input>, label: ReactNode) => {
    labels.current.set(km, label);
    labels.current.set(en, label);
    partOf.current.set(en, km);
    const errorMessage = [
      ...new Set([messageOf(km), messageOf(en)].filter((m): m is string => !!m)),
    ].join(' ');
    return {
      label,
      names: { km, en },
      value: {
        km: (read(km) as string | undefined) ?? '',
        en: (read(en) as string | undefined) ?? '',
      },
      onChange: (next: { km: string; en: string }) => {
        form.setValue(km, next.km as PathValue<Input, Path<Input>>, { shouldDirty: true });
        setValue(en, next.en);
      },
      ...(errorMessage ? { errorMessage } : {}),
    };
  };

  /** Binds a number field: an emptied field is no number (undefined in the form), never NaN. */
  const numberField = (name: Path<Input>, label: ReactNode) => {
    const bound = value<number | undefined>(name, label);
    return {
      ...bound,
      validationBehavior: 'aria' as const,
      // Empty is null (never NaN, which equals nothing and would never settle).
      value: bound.value ?? null,
      onChange: (next: number | null) =>
        setValue(name, next === null || Number.isNaN(next) ? undefined : next),
    };
  };

  /** Puts a refused save's field errors on the fields, and the rest at the top. */
  const showFailure = useCallback(
    (error: unknown) => {
      const unplaced: string[] = [];
      let placed = 0;
      if (error instanceof ApiError && error.fieldErrors) {
        for (const [name, keys] of Object.entries(error.fieldErrors)) {
          if (labels.current.has(name)) {
            form.setError(name as Path<Input>, { type: 'server', message: keys.join('\n') });
            placed += 1;
          } else {
            unplaced.push(...keys.map(text));
          }
        }
      }
      if (placed === 0 && unplaced.length === 0)
        unplaced.push(failureText(error, i18n.language, t));
      setFormErrors([...new Set(unplaced)]);
    },
    [form, i18n.language, t, text],
  );

  /** The form's onSubmit: checks with the schema, then saves; a refusal shows where it belongs. */
  const submit = (save: (data: Output) => Promise<unknown>) => (event?: FormEvent) =>
    form.handleSubmit(
      async (data) => {
        setFormErrors([]);
        try {
          await save(data);
        } catch (error) {
          showFailure(error);
          setSubmits((n) => n + 1);
        }
      },
      () => {
        setFormErrors([]);
        setSubmits((n) => n + 1);
      },
    )(event);

  const summaryErrors: ErrorSummaryItem[] = [];
  const listed = new Set<string>();
  for (const name of labels.current.keys()) {
    const first = partOf.current.get(name) ?? name;
    if (listed.has(first)) continue;
    const members = [
      first,
      ...[...partOf.current].filter(([, to]) => to === first).map(([n]) => n),
    ];
    const messages = [...new Set(members.map(messageOf).filter((m): m is string => !!m))];
    if (messages.length === 0) continue;
    listed.add(first);
    summaryErrors.push({
      name: first,
      label: labels.current.get(first),
      message: messages.join(' '),
    });
  }
  // A refusal of what the form shows no field for still says why, without a link.
  const unlabelled = [...flat.keys()]
    .filter((name) => !labels.current.has(name))
    .map((name) => messageOf(name)!);

  return {
    form,
    values: values as Input,
    value,
    text: textField,
    number: numberField,
    bilingual,
    label,
    messageOf,
    submit,
    showFailure,
    summary: {
      errors: summaryErrors,
      formErrors: [...new Set([...unlabelled, ...formErrors])],
      focusKey: submits,
    },
  };
}

export type ContractForm<S extends z.ZodType<FieldValues, FieldValues>> = ReturnType<
  typeof useContractForm<S>
>;
