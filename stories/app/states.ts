import type { EndpointName, EndpointResponse } from '@sala/contract';
import type { HttpHandler } from 'msw';
import { expect, within } from 'storybook/test';
import { answer } from './answer.js';
import { serverError as serverErrorAnswer, unanswered } from './fixtures.js';

type Canvas = ReturnType<typeof within>;

/** What a state story is: its address, its mock handlers and what it checks. */
interface StateStory {
  args?: { path: string };
  parameters: { msw: { handlers: HttpHandler[] } };
  play: (context: { canvasElement: HTMLElement }) => Promise<void>;
}

/** The server's own failure, as every failing state shows it. */
const serverError = /Server error - please try again later|ម៉ាស៊ីនមេមានបញ្ហា/;

/**
 * The states every screen shows while it reads one endpoint: nothing to show yet (empty), the
 * server failing (with its message, and "Try again" where the page offers it) and a network so
 * slow the answer never comes (the screen says it is loading). Each is a story whose handlers are
 * the screen's own (`handlers`) and the endpoint's answer for that state.
 */
export function stateStories<Name extends EndpointName>(
  endpoint: Name,
  { handlers, path }: { handlers: HttpHandler[]; path?: string },
) {
  const story = (state: HttpHandler, check: (canvas: Canvas) => Promise<void>): StateStory => ({
    ...(path ? { args: { path } } : {}),
    parameters: { msw: { handlers: [...handlers, state] } },
    play: async ({ canvasElement }) => check(within(canvasElement)),
  });
  return {
    /** The endpoint answers nothing to show: the screen says so, in the words `says` matches. */
    empty: (emptyAnswer: EndpointResponse<Name>, says: RegExp) =>
      story(
        answer(endpoint, () => emptyAnswer),
        async (canvas) => {
          await expect(await canvas.findByText(says)).toBeInTheDocument();
        },
      ),
    /**
     * The server fails: the screen gives its message; with `retry`, the page offers "Try again"
     * (a page's read is retried before it fails, hence the longer wait).
     */
    failing: ({ retry = false }: { retry?: boolean } = {}) =>
      story(answer(endpoint, serverErrorAnswer), async (canvas) => {
        await expect(
          await canvas.findByText(serverError, {}, retry ? { timeout: 8000 } : undefined),
        ).toBeInTheDocument();
        if (retry) {
          await expect(
            canvas.getByRole('button', { name: /Try again|ព្យាយាមម្ដងទៀត/ }),
          ).toBeInTheDocument();
        }
      }),
    /** The answer never comes: what `check` looks for shows the screen is loading. */
    slow: (check: (canvas: Canvas) => Promise<void>) => story(answer(endpoint, unanswered), check),
  };
}
