/*
 * What the lab's forms (the answer to the vendor, the review, revoking a certificate) share on the
 * form kit (useAppForm, docs/decisions/0004): a required text's check on submit, a refusal's
 * message on the field it names, cleared as soon as that field changes, and focus on the field
 * that has the problem.
 */

/** A field's check on submit: the message when the text is empty, else none. */
export const requiredText = (message: string) => ({
  onSubmit: ({ value }: { value: string }) => (value.trim() ? undefined : message),
})

/** The field's submit error (its own check, or the server's refusal) goes when it changes. */
export const clearOnChange = {
  onChange: ({ fieldApi }: { fieldApi: { setErrorMap: (map: { onSubmit: undefined }) => void } }) =>
    fieldApi.setErrorMap({ onSubmit: undefined }),
}

/** Focuses the form's field by name (after a refusal or a failed check). */
export function focusField(form: HTMLFormElement | null, name: string) {
  form?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus()
}
