/**
 * The header that names the current workspace on an API call (absent: the caller's personal
 * workspace). Its own module: the front end's first bundle carries it without the schemas.
 */
export const WORKSPACE_HEADER = 'x-oneclick-workspace';
