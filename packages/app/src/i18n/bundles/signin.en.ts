// The strings the sign-in page reads, in one file: i18next asks for each namespace on its own.
export { default as common } from '../locales/en/common.json';
export { default as auth } from '../locales/en/auth.json';
