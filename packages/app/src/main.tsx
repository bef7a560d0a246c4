import '@sala/ui/fonts.css';
import { startApp } from './start.js';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
await startApp(container);
