/*
 * The directory of certified devices' words: the page, its stories and the journey
 * use these, so a change of wording is made once.
 */
export const DIRECTORY_TITLE = 'Certified devices'
export const DIRECTORY_LEAD =
  'Every device the programme certified whose maker chose to list it, with its certificate. Search it, or narrow it by vendor, device type and product class.'
export const DIRECTORY_NONE_TEXT = 'No certified devices'
export const DIRECTORY_EMPTY_MESSAGE =
  'No certified device is listed yet. Makers list their certified devices from the run details on their dashboard.'
export const DIRECTORY_NO_MATCH_MESSAGE = 'No certified device matches these filters.'
export const DIRECTORY_FAILED_MESSAGE =
  'The certified devices could not be read just now. Try again in a moment.'
export const DIRECTORY_LOADING_TEXT = 'Reading the certified devices…'
