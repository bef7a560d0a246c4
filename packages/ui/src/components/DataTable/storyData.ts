/** Generated students for the DataTable stories and benchmark: deterministic, Khmer and Latin. */
export interface StoryStudent {
  id: string;
  code: string;
  nameKm: string;
  nameEn: string;
  gender: 'F' | 'M';
  className: string;
  average: number;
  phone: string;
}

const familyKm = ['សុខ', 'ចាន់', 'លី', 'ហេង', 'គង់', 'កែវ', 'ម៉ៅ', 'ស៊ុន', 'ឈឹម', 'ទេព'];
const familyEn = ['Sok', 'Chan', 'Ly', 'Heng', 'Kong', 'Keo', 'Mao', 'Sun', 'Chhim', 'Tep'];
const givenKm = [
  'ដារា',
  'ស្រីមុំ',
  'វិចិត្រ',
  'សុភា',
  'បុប្ផា',
  'រតនា',
  'ពិសិដ្ឋ',
  'សុវណ្ណ',
  'ចន្ទា',
  'មករា',
  'ធីតា',
  'វណ្ណៈ',
];
const givenEn = [
  'Dara',
  'Sreymom',
  'Vichet',
  'Sophea',
  'Bopha',
  'Ratana',
  'Piseth',
  'Sovann',
  'Chanda',
  'Makara',
  'Thida',
  'Vannak',
];

/** `count` students; the same count always gives the same students. */
export function makeStudents(count: number): StoryStudent[] {
  const out: StoryStudent[] = [];
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (let i = 0; i < count; i++) {
    const f = Math.floor(next() * familyKm.length);
    const g = Math.floor(next() * givenKm.length);
    out.push({
      id: `s${i + 1}`,
      code: `STU-${String(i + 1).padStart(5, '0')}`,
      nameKm: `${familyKm[f]} ${givenKm[g]}`,
      nameEn: `${familyEn[f]} ${givenEn[g]}`,
      gender: next() < 0.52 ? 'F' : 'M',
      className: `${7 + Math.floor(next() * 6)}${'ABCD'[Math.floor(next() * 4)]}`,
      average: Math.round(next() * 1000) / 100,
      phone: `0${[12, 15, 17, 77, 89, 97][Math.floor(next() * 6)]} ${String(Math.floor(next() * 900) + 100)} ${String(Math.floor(next() * 900) + 100)}`,
    });
  }
  return out;
}
