/** CloudFront serves the API under this path of the site's own origin; it is also the stage name. */
export const apiBasePath = '/api';
