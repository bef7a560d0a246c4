import { createRoot } from 'react-dom/client';

// React and react-dom alone: what the two other size pages carry before any of the library.
createRoot(document.getElementById('root')!).render(<p>Hello</p>);
