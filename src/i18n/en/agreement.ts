// The agreement's words are shared with the server, which prints the signed agreement (texts/).
export { default, type Words } from '../../../texts/agreement.en';
