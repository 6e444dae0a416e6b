// Which fields of a form its schema requires, read by the shared bound fields to mark them before
// anything is sent. Kept free of zod and react-hook-form so components/form-fields.tsx can ask
// without loading the form layer's checks; lib/form.ts records the answer once per form.

const requiredByForm = new WeakMap<object, ReadonlySet<string>>();

/** Records the fields (dotted paths) a form's schema refuses to leave empty; `control` names the form. */
export function recordRequiredFields(control: object, fields: ReadonlySet<string>): void {
  requiredByForm.set(control, fields);
}

/** Whether the form's schema requires this field; undefined when the form said nothing. */
export function isRequiredField(control: object, name: string): boolean | undefined {
  return requiredByForm.get(control)?.has(name) || undefined;
}
