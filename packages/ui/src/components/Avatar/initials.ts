import { pickText, type BilingualText } from '../../lib/bilingual.js';

// A Khmer syllable: a consonant (or independent vowel), any subscript consonants (coeng + consonant),
// then its vowel signs and diacritics.
const khmerSyllable = /[\u1780-\u17b3](?:\u17d2[\u1780-\u17b3])*[\u17b4-\u17d1\u17d3\u17dd]*/u;

/** The first letter of a word, keeping a Khmer consonant cluster whole (never a lone sign). */
function firstLetter(word: string): string {
  const khmer = word.match(khmerSyllable);
  if (khmer && word.startsWith(khmer[0])) return khmer[0];
  return Array.from(word)[0]?.toLocaleUpperCase() ?? '';
}

/**
 * Up to two initials from a name in the current language (falling back to the other):
 * "Sok Dara" → "SD", "សុខ ដារា" → "សុដា".
 */
export function initialsOf(name: string | BilingualText, lang: string): string {
  const text = typeof name === 'string' ? name.trim() : pickText(name, lang);
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const picked = words.length === 1 ? [words[0]!] : [words[0]!, words[words.length - 1]!];
  return picked.map(firstLetter).join('');
}
