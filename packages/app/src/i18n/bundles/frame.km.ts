// The strings the app's frame and the home read besides the sign-in page's, in one file.
export { default as home } from '../locales/km/home.json';
export { default as pages } from '../locales/km/pages.json';
export { default as jwt } from '../locales/km/jwt.json';
export { default as profile } from '../locales/km/profile.json';
export { default as attendance } from '../locales/km/attendance.json';
