/**
 * The keyboard table of the docs pages of the pickers built on Select (MonthPicker, WeekPicker,
 * YearPicker): one list of options behind a button, as react-aria's Select gives it.
 */
export const pickerKeyboard = `| Key | Action |
| --- | --- |
| \`Enter\` / \`Space\` / \`ArrowDown\` / \`ArrowUp\` | On the button, opens the list with focus on the chosen option. |
| \`ArrowLeft\` / \`ArrowRight\` | On the closed button, chooses the previous or next option. |
| a letter | Moves to the option whose text starts with it (typeahead). |
| \`ArrowDown\` / \`ArrowUp\`, \`Home\` / \`End\` | In the list, move between options; disabled ones are skipped. |
| \`Enter\` / \`Space\` | Chooses the focused option and closes the list. |
| \`Escape\` | Closes the list without changing the choice; focus returns to the button. |`;
