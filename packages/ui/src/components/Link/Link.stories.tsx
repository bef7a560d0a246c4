import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, within, type Mock } from 'storybook/test';
import { Stack } from '../Stack/Stack.js';
import { Text } from '../Text/Text.js';
import { Link, linkVariants } from './Link.js';

const meta = {
  title: 'Components/Link',
  tags: ['autodocs'],
  component: Link,
  args: { href: '#attendance', children: 'Open attendance', variant: 'standalone' },
  argTypes: { variant: { control: 'inline-radio', options: linkVariants } },
  // Links navigate through the router (here a spy) instead of leaving the page.
  decorators: [
    (Story, { parameters }) => (
      <RouterProvider navigate={parameters.navigate as (path: string) => void}>
        <Story />
      </RouterProvider>
    ),
  ],
  parameters: {
    navigate: fn(),
    status: 'beta',
    docs: {
      description: {
        component: `
A link to another page or place: inside a sentence (\`inline\`, underlined), on its own (\`standalone\`, a 44 px target), or looking like a button for a navigation that reads as an action ("Go to Home", \`button\` and \`secondaryButton\`). It is react-aria's Link: inside SalaProvider with a router's \`navigate\`, a router path navigates client-side instead of reloading the page; external addresses open normally. Beta: the API for rendering a router's own link element is being reworked.

### When to use

- Anything that goes somewhere: another page, a section of the page (\`#id\`), a file, another site.
- A "Go to Home" or "Back to the class" that looks like a button but navigates (\`variant="button"\`).

### When to use something else

- Anything that does something (save, delete, open a dialog): **Button** or **IconButton**, even when it looks like a link.
- A page in the app's navigation: **NavItem** in the **Sidebar**.
- Where the user is in a hierarchy: **Breadcrumbs**.
- Moving between pages of a list: **Pagination**.

### Accessibility

| Key | Action |
| --- | --- |
| \`Tab\` | Moves focus to the link; a visible focus ring shows. |
| \`Enter\` | Follows the link (\`Space\` does not, as for any link). |

- Role \`link\`, named by its text. The text must say where it goes out of context ("Open attendance", not "click here"): screen-reader users often list the links of a page.
- Inline links are underlined, so they are not told apart from the sentence by colour alone; standalone links stand on their own line and underline on hover.
- A \`button\`-looking link is still announced as a link, which is right: it navigates.
- Opening a new tab (\`target="_blank"\`) surprises users: say so in the text.
- APG pattern: [Link](https://www.w3.org/WAI/ARIA/apg/patterns/link/).

### Khmer content

- Give the text in the user's language; mark a Khmer link inside English text with \`lang="km"\` so it gets the Khmer line height (1.8) and screen readers switch voice.
- An inline link inherits its sentence's font and line height and wraps with it; nothing about it clips Khmer's stacked consonants. Standalone links are at least 44 px high and grow with a second line of Khmer.
- Numbers in a link's text are written as given: convert them for Khmer digits before.
`,
      },
    },
  },
} satisfies Meta<typeof Link>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Followed by Enter and by a click. */
export const Playground: Story = {
  play: async ({ canvasElement, parameters }) => {
    const navigate = parameters.navigate as Mock;
    const link = within(canvasElement).getByRole('link', { name: 'Open attendance' });
    await userEvent.tab();
    await expect(link).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(navigate).toHaveBeenLastCalledWith('#attendance', undefined);
    await userEvent.click(link);
    await expect(navigate).toHaveBeenCalledTimes(2);
  },
};

/** Inside a sentence, underlined so it is not told apart by colour alone. */
export const Inline: Story = {
  render: (args) => (
    <Text>
      See the <Link {...args} variant="inline" /> page, or{' '}
      <Link href="#km" lang="km">
        វត្តមាន
      </Link>
      .
    </Text>
  ),
};

/** Every look. */
export const Variants: Story = {
  render: (args) => (
    <Stack align="start">
      {linkVariants.map((variant) => (
        <Link key={variant} {...args} variant={variant}>
          {variant}: ត្រឡប់ទៅទំព័រដើម
        </Link>
      ))}
    </Stack>
  ),
};
