export { NETWORK_RESTORED_TIMEOUT, NetworkStatus } from './NetworkStatus.js';
