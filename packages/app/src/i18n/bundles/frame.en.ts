// The strings the app's frame and the home read besides the sign-in page's, in one file.
export { default as home } from '../locales/en/home.json';
export { default as pages } from '../locales/en/pages.json';
export { default as jwt } from '../locales/en/jwt.json';
export { default as profile } from '../locales/en/profile.json';
export { default as attendance } from '../locales/en/attendance.json';
