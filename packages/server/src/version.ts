/** The server's version, as published in package.json. */
export const SERVER_VERSION = '0.1.0';
