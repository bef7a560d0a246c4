import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hashPassword, lowerHashingPriority, verifyPassword } from './passwords.js';

/** The niceness of each thread of this process (Linux's /proc), or none elsewhere. */
function threadNiceness(): number[] {
  if (!fs.existsSync('/proc/self/task')) return [];
  return fs.readdirSync('/proc/self/task').map((tid) => {
    // Fields after the command's closing parenthesis: the 17th of them is the niceness.
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe('password hashing', () => {
  it('hashes with argon2id off the event loop, at the lowest priority a server asks for', async () => {
    lowerHashingPriority();
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse battery stapler')).toBe(false);
    // Where threads have priorities of their own (Linux), the hashing thread runs at 19.
    const niceness = threadNiceness();
    if (niceness.length > 0) expect(niceness).toContain(19);
  });

  it('counts a malformed stored hash as a mismatch', async () => {
    expect(await verifyPassword('not a hash', 'anything')).toBe(false);
  });

  it('answers every one of many concurrent requests', async () => {
    const hash = await hashPassword('many at once');
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => verifyPassword(hash, i % 2 ? 'many at once' : 'wrong')),
    );
    expect(answers).toEqual([false, true, false, true, false, true]);
  });
});
