export { buildServer, type BuildOptions } from './app.js';
export { configFromEnv, type ServerConfig } from './config.js';
export { openDatabase, type Database, type Db } from './db/client.js';
export { bootstrapDatabase } from './seed/bootstrap.js';
export { loadSigningKey } from './lib/tokens.js';
export { schoolTermResults } from './modules/results/sheet.js';
