import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import { translateError } from './error-translator';
import { recordRequiredFields } from './form-required';
import { isMissingValue, leafIssues, zodIssueMessage, type ZodIssue } from './zod-issue-message';

// The form layer: a form is the shared request schema (src/shared/api, the one the server checks
// with) plus its fields. Values are checked by that schema through react-hook-form's zod resolver,
// each issue said in the reader's language; a server refusal's field errors land on the same
// fields. Values live in the form until the person changes them: a refusal never clears them.

/** Where a form's field errors go when no field of the form holds them (shown with the form). */
export const FORM_ERROR = 'root.form' as const;

export interface SchemaFormOptions<Values extends FieldValues> {
  /** The request schema the server checks the same request with. */
  schema: z.ZodType;
  defaultValues: DefaultValues<Values>;
  /** The request the values stand for, when they differ (a number typed as text, a cleared date). */
  toRequest?: (values: Values) => unknown;
  /** The form field a request path (`items.0.price`) is shown on; null: with the whole form. Default: the same path when the form has it. */
  fieldOf?: (path: string, values: Values) => string | null;
  /** The form's own words for an issue (a refinement only its schema has); undefined: the shared words. */
  describe?: (issue: ZodIssue, t: TFunction) => string | undefined;
  /** The last refusal of the form's request (a mutation's error): its field errors are put on the fields as it comes. */
  refusal?: unknown;
  /** Called on every change of a value, e.g. to take away the last refusal's message. */
  onEdited?: () => void;
}

/**
 * The `params` of a form's own check, a rule only the form has (a person meant a change, though
 * the server would skip an empty one): the key of the words it is said with. Like a shared
 * check's refusal code, the form reads the key, never the issue's message.
 */
export function ownCheck(words: string): { ownCheck: string } {
  return { ownCheck: words };
}

/** The words of a form's own check (see ownCheck) in the reader's language, or undefined for any other issue. */
function ownCheckMessage(issue: ZodIssue, t: TFunction): string | undefined {
  if (issue.code !== 'custom') return undefined;
  const words = (issue.params as { ownCheck?: unknown } | undefined)?.ownCheck;
  return typeof words === 'string' ? t(words) : undefined;
}

/** fieldOf for a form whose fields are the request's top-level names (a list of choices is one field). */
export const topField = (path: string): string | null => path.split('.')[0] || null;

/** The value at a dotted path, or undefined when the form has no such field. */
function valueAt(values: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), values);
}

function defaultFieldOf(path: string, values: unknown): string | null {
  if (path === '') return null;
  if (valueAt(values, path) !== undefined) return path;
  // A request path below a field the form edits as one value (a list of choices): that field.
  const parts = path.split('.');
  for (let length = parts.length - 1; length > 0; length -= 1) {
    const parent = parts.slice(0, length).join('.');
    if (valueAt(values, parent) !== undefined) return parent;
  }
  return null;
}

/**
 * The schema that checks a form's values: the request made from them parsed by the shared schema,
 * each issue put on its field in the reader's words.
 */
export function formSchema<Values extends FieldValues>(options: Omit<SchemaFormOptions<Values>, 'defaultValues'>, t: TFunction) {
  const { schema, toRequest, fieldOf = defaultFieldOf, describe } = options;
  return z.custom<Values>().transform((values, context) => {
    const parsed = schema.safeParse(toRequest ? toRequest(values) : values, { reportInput: true });
    if (parsed.success) return parsed.data;
    for (const issue of leafIssues(parsed.error.issues)) {
      const field = fieldOf(issue.path.map(String).join('.'), values) ?? FORM_ERROR;
      context.addIssue({ code: 'custom', path: field.split('.'), message: describe?.(issue, t) ?? ownCheckMessage(issue, t) ?? zodIssueMessage(issue, t) });
    }
    return z.NEVER;
  });
}

/** What checkValues makes of a form's values: the request, or the first message of each field. */
export type CheckedValues<Request> = { request: Request; errors: null } | { request: null; errors: Record<string, string> };

/**
 * The form layer's check for values a form keeps itself rather than in react-hook-form (the
 * counter's draft, stored encrypted as it is typed): the same schema, request, fields and words
 * as useSchemaForm's resolver.
 */
export function checkValues<Values extends FieldValues, Request = unknown>(options: Omit<SchemaFormOptions<Values>, 'defaultValues'>, values: Values, t: TFunction): CheckedValues<Request> {
  const parsed = formSchema<Values>(options, t).safeParse(values);
  if (parsed.success) return { request: parsed.data as Request, errors: null };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return { request: null, errors };
}

/** The values with every field emptied: a text '', a list [], anything else null (a yes/no stays). */
function emptied(values: unknown): unknown {
  if (Array.isArray(values)) return [];
  if (typeof values === 'string') return '';
  if (typeof values === 'boolean') return values;
  if (values !== null && typeof values === 'object') return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, emptied(value)]));
  return null;
}

/**
 * The fields the schema will not accept empty: those with a "missing value" issue when every
 * field is empty. A field required only with another's value (a reason once an option is ticked)
 * says so itself (isRequired).
 */
export function requiredFieldsOf<Values extends FieldValues>(options: Pick<SchemaFormOptions<Values>, 'schema' | 'defaultValues' | 'toRequest' | 'fieldOf'>): Set<string> {
  const values = emptied(options.defaultValues) as Values;
  const fieldOf = options.fieldOf ?? defaultFieldOf;
  try {
    const parsed = options.schema.safeParse(options.toRequest ? options.toRequest(values) : values, { reportInput: true });
    if (parsed.success) return new Set();
    const fields = leafIssues(parsed.error.issues)
      .filter(isMissingValue)
      .map((issue) => fieldOf(issue.path.map(String).join('.'), values));
    return new Set(fields.filter((field): field is string => field !== null));
  } catch {
    // A request that cannot be made from empty values marks nothing; the check on send still says it.
    return new Set();
  }
}

export interface SchemaForm<Values extends FieldValues, Request> extends UseFormReturn<Values, unknown, Request> {
  /**
   * A server refusal onto the form: its field errors on their fields (the rest with the form,
   * FORM_ERROR), the values untouched. True when a field error was placed, so the screen need not
   * repeat "Validation error" above them.
   */
  showRefusal(error: unknown): boolean;
}

/**
 * A form checked by a shared request schema: `handleSubmit(send)` calls `send` with the parsed
 * request only when the schema accepts it, and otherwise shows every issue on its field.
 */
export function useSchemaForm<Values extends FieldValues, Request = unknown>(options: SchemaFormOptions<Values>): SchemaForm<Values, Request> {
  const { t } = useTranslation();
  // The options are read when checking, so a form may pass fresh functions on every draw.
  const latest = useRef(options);
  latest.current = options;
  const resolver = useMemo(
    () =>
      zodResolver(
        formSchema<Values>(
          {
            schema: z.lazy(() => latest.current.schema),
            toRequest: (values) => (latest.current.toRequest ? latest.current.toRequest(values) : values),
            fieldOf: (path, values) => (latest.current.fieldOf ?? defaultFieldOf)(path, values),
            describe: (issue, translate) => latest.current.describe?.(issue, translate),
          },
          t,
        ),
      ) as Resolver<Values, unknown, Request>,
    [t],
  );
  const form = useForm<Values, unknown, Request>({ defaultValues: options.defaultValues, resolver, mode: 'onSubmit', reValidateMode: 'onChange' });
  // Marked before anything is sent (components/form-fields.tsx reads it by the form's control).
  const [required] = useState(() => requiredFieldsOf(options));
  recordRequiredFields(form.control, required);
  const { setError, getValues } = form;
  const showRefusal = useCallback(
    (error: unknown) => placeRefusal({ setError, getValues } as Pick<UseFormReturn<Values>, 'setError' | 'getValues'>, error, t, latest.current.fieldOf),
    [setError, getValues, t],
  );
  useEffect(() => {
    if (options.refusal) showRefusal(options.refusal);
  }, [options.refusal, showRefusal]);
  const { watch } = form;
  useEffect(() => {
    const watching = watch(() => latest.current.onEdited?.());
    return () => watching.unsubscribe();
  }, [watch]);
  return { ...form, showRefusal };
}

/**
 * The one place a server refusal's field errors reach a form: the translator's words for each
 * field (its first message), on the field the form shows it on.
 */
export function placeRefusal<Values extends FieldValues>(
  form: Pick<UseFormReturn<Values>, 'setError' | 'getValues'>,
  error: unknown,
  t: TFunction,
  fieldOf: SchemaFormOptions<Values>['fieldOf'] = defaultFieldOf,
): boolean {
  const { fieldErrors } = translateError(error, t);
  const values = form.getValues();
  const unplaced: string[] = [];
  let placed = false;
  const seen = new Set<string>();
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const message = messages[0];
    if (!message) continue;
    const field = fieldOf(path, values);
    if (field === null) {
      unplaced.push(message);
    } else if (!seen.has(field)) {
      seen.add(field);
      placed = true;
      form.setError(field as Path<Values>, { type: 'server', message });
    }
  }
  if (unplaced.length > 0) form.setError(FORM_ERROR as Path<Values>, { type: 'server', message: unplaced.join(' ') });
  return placed || unplaced.length > 0;
}
