/*
 * The registration screen and the Create Password dialog each have a toast container of their own
 * (spec §8): their calls' failures (the mutation's meta.toasterId) and successes go there.
 */

/** The registration screen's container. */
export const REGISTRATION_TOASTER_ID = 'registration'

/** The Create Password dialog's container: outside the dialog everything is inert. */
export const CREATE_PASSWORD_TOASTER_ID = 'create-password'
