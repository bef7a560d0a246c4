import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const read = (name: string) => fs.readFileSync(path.join(__dirname, '..', name), 'utf8');

describe('the app’s two documents', () => {
  it('differ only in the script they start: the app, or the light sign-in page', () => {
    const app = read('index.html');
    const signIn = read('signin.html');
    expect(app).toContain('src="/src/main.tsx"');
    expect(signIn).toContain('src="/src/signin/main.tsx"');
    expect(signIn.replace('/src/signin/main.tsx', '/src/main.tsx')).toBe(app);
  });
});
