import * as sala from '@sala/ui';

// Every export stays in the build: the size of a page that uses the whole library.
Object.assign(window, { sala });
