export { accessTokenError, serviceError } from '../linkedinRest/api';
