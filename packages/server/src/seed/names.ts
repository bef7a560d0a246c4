/** The names and places the demo school's and generated schools' people are drawn from. */

type Pair = readonly [km: string, en: string];

/** Family names, as Khmer and English pairs. */
export const familyNames: Pair[] = [
  ['សុខ', 'Sok'],
  ['ចាន់', 'Chan'],
  ['លី', 'Ly'],
  ['ហេង', 'Heng'],
  ['គឹម', 'Kim'],
  ['ស៊ុន', 'Sun'],
  ['ម៉ៅ', 'Mao'],
  ['ឈួន', 'Chhuon'],
  ['ប៉ែន', 'Pen'],
  ['សេង', 'Seng'],
  ['ញឹម', 'Nhem'],
  ['ទេព', 'Tep'],
  ['អ៊ុំ', 'Um'],
  ['ខៀវ', 'Khiev'],
  ['ព្រំ', 'Prum'],
  ['យ៉ន', 'Yon'],
  ['សួន', 'Suon'],
  ['ហ៊ុន', 'Hun'],
  ['វង្ស', 'Vong'],
  ['អ៊ឹង', 'Ung'],
];
/** Girls' and women's given names. */
export const femaleNames: Pair[] = [
  ['ស្រីនាង', 'Sreyneang'],
  ['សុភា', 'Sophea'],
  ['ដាលីស', 'Dalis'],
  ['ចាន់ធី', 'Chanthy'],
  ['ពិសី', 'Pisey'],
  ['លក្ខិណា', 'Leakhena'],
  ['សុវណ្ណារី', 'Sovannary'],
  ['ស្រីមុំ', 'Sreymom'],
  ['ធីតា', 'Thida'],
  ['បុប្ផា', 'Bopha'],
  ['រតនា', 'Rathana'],
  ['ចន្ទ្រា', 'Chandra'],
  ['សុខា', 'Sokha'],
  ['មករា', 'Makara'],
  ['ស្រីពៅ', 'Sreypov'],
  ['នារី', 'Neary'],
];
/** Boys' and men's given names. */
export const maleNames: Pair[] = [
  ['វិសាល', 'Visal'],
  ['ដារ៉ា', 'Dara'],
  ['សុភ័ក្រ', 'Sopheak'],
  ['រិទ្ធី', 'Rithy'],
  ['ពិសិដ្ឋ', 'Piseth'],
  ['វណ្ណៈ', 'Vannak'],
  ['សំណាង', 'Samnang'],
  ['បូរ៉ា', 'Bora'],
  ['សុខុម', 'Sokhom'],
  ['វិចិត្រ', 'Vichet'],
  ['ម៉េងហួរ', 'Menghour'],
  ['កុសល', 'Kosal'],
  ['ធារ៉ា', 'Theara'],
  ['រដ្ឋា', 'Rotha'],
  ['សុវណ្ណ', 'Sovann'],
  ['ចំរើន', 'Chamroeun'],
];
/** Provinces people are born and live in. */
export const provinces: Pair[] = [
  ['ភ្នំពេញ', 'Phnom Penh'],
  ['កណ្ដាល', 'Kandal'],
  ['តាកែវ', 'Takeo'],
  ['កំពង់ចាម', 'Kampong Cham'],
  ['សៀមរាប', 'Siem Reap'],
  ['បាត់ដំបង', 'Battambang'],
  ['ព្រៃវែង', 'Prey Veng'],
];
