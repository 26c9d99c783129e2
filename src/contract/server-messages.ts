/*
 * What the services answer in `message` (spec §7: the screens show the server's message on
 * non-200, and for deletes and password flows on success too). The main service, the
 * certification service and the MSW fixture world answer with these same words.
 */

export const INVALID_LOGIN_MESSAGE = 'Invalid email id or password.'
/**
 * A login, registration or forgot-password call over its limit (429, with the wait in Retry-After;
 * docs/decisions/0016). No account answer says whether an address has an account: registration of
 * a taken address and forgot-password for an unknown one answer as any other.
 */
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.'
export const registrationSuccessMessage = (emailId: string) =>
  `Registration successful. We have sent a 6-digit code to ${emailId}.`
export const INVALID_CODE_MESSAGE =
  'The code is wrong or has expired. Please check the 6-digit code we sent you.'
export const PASSWORD_SAVED_MESSAGE = 'Password created successfully'
export const codeSentMessage = (emailId: string) => `We have sent a 6-digit code to ${emailId}.`
export const PASSWORD_RESET_MESSAGE = 'Your password has been reset. Please sign in with your new password.'
export const PORTFOLIO_SUBMITTED_MESSAGE = 'Portfolio submitted successfully'
export const ALREADY_SUBMITTED_MESSAGE = 'This portfolio has already been submitted.'
/** A submit whose savedPortfolioManagerId names no draft of the caller's (field savedPortfolioManagerId). */
export const UNKNOWN_DRAFT_MESSAGE =
  'Saved portfolio manager id names no saved portfolio of yours. Please reload the form and submit again.'
export const RECORD_DELETED_MESSAGE = 'Device record deleted successfully'
export const ONLY_SUBMITTED_DELETABLE_MESSAGE = 'Only a record in status Submitted can be deleted.'
export const RECORD_UPDATED_MESSAGE = 'Device details updated successfully'
export const ONLY_SUBMITTED_EDITABLE_MESSAGE = 'Only a record in status Submitted can be edited.'
export const RECORD_NOT_FOUND_MESSAGE = 'No device record with this id exists.'
export const FORBIDDEN_MESSAGE = "You may not read or change another vendor's data."
export const NOT_SIGNED_IN_MESSAGE = 'Your session has ended. Please sign in again.'
/** A login whose account belongs to no organization any more (every membership removed). */
export const NO_ORGANIZATION_MESSAGE =
  'Your account is not a member of any organization. Ask an Owner of your organization to invite you again.'
export const RUN_STARTED_MESSAGE = 'Certification run started'
export const RUN_ALREADY_ACTIVE_MESSAGE = 'A certification run is already in progress for this device.'
/** Start Certify on a certified record: certifying changed firmware is a new revision. */
export const ALREADY_CERTIFIED_MESSAGE =
  'This device is already certified. To certify changed firmware, submit a new revision.'
/** Start Certify on a record whose status the portal does not know. */
export const UNKNOWN_STATUS_START_MESSAGE = 'This device’s status does not allow a certification run.'
export const RERUN_STARTED_MESSAGE = 'Re-run of the failed test cases started'
export const NO_FAILED_CASES_MESSAGE = 'This device has no failed test case to run again.'
export const RUN_CANCELLED_MESSAGE = 'Certification run cancelled'
export const NO_ACTIVE_RUN_MESSAGE = 'This device has no certification run in progress.'
/** The failure reason stored on a cancelled run. */
export const runCancelledReason = (by: string) => `Cancelled by ${by}.`
export const CANCELLED_CASE_NOTE = 'Not run: the run was cancelled.'
export const COMMENT_ADDED_MESSAGE = 'Comment added'
export const COMMENT_EMPTY_MESSAGE = 'Please write a comment.'
export const certificateSentMessage = (emailId: string) => `The certificate has been sent to ${emailId}.`
export const NOT_CERTIFIED_MESSAGE = 'Only a device certified CERTIFIED-OK has a certificate.'
export const LOGGED_OUT_MESSAGE = 'You have been logged out.'
export const SESSION_RENEWED_MESSAGE = 'Your session has been renewed.'
/** The CSRF guard's answer (403) to a state-changing call without the session's Token (decision 1). */
export const MISSING_TOKEN_MESSAGE = 'This page has expired. Please reload it and try again.'

/*
 * The live event stream, GET /api/events (docs/decisions/0020). An anonymous stream is answered
 * 401 with NOT_SIGNED_IN_MESSAGE, as every vendor call.
 */
/** The most streams one account may hold open on one server process, in all its organizations together (429 beyond it). */
export const MAX_STREAMS_PER_ACCOUNT = 20
export const TOO_MANY_STREAMS_MESSAGE = `Too many live-update streams are open for this account (at most ${MAX_STREAMS_PER_ACCOUNT}). Close some of the portal's tabs and reload this one.`
/** A resume point (`?after=` or the Last-Event-ID header) that is not a whole number of 0 or more. */
export const invalidResumePointMessage = (field: string) =>
  `${field} must be a whole number of 0 or more (the seq of the last event received).`
/** The server runs without the event hub (a bare app in tests): 503. */
export const EVENTS_UNAVAILABLE_MESSAGE = 'Live updates are not available on this server.'
/** `event: reset` reasons: the tab reads its lists again. */
export const RESET_PRUNED_REASON =
  'Events since the last one received are no longer stored: read the lists again.'
export const RESET_AHEAD_REASON =
  'The last event received is not one this server has stored: read the lists again.'
