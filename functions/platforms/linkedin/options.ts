export { readLinkedinOptions, type LinkedinOptions } from '../linkedinRest/options';
