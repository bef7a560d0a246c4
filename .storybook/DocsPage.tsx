import {
  ArgTypes,
  Description,
  Heading,
  Primary,
  Stories,
  Story,
  Subheading,
  Title,
  Unstyled,
  useOf,
} from '@storybook/addon-docs/blocks';
import { composeStory, type Meta } from '@storybook/react-vite';
import { Fragment, useMemo, type ReactNode } from 'react';
import {
  Badge,
  SalaProvider,
  darkThemeClass,
  lightThemeClass,
  type UiLocale,
  vars,
} from '../packages/ui/src/index.js';
import { DocsVariantContext } from './variantContext.js';

/** How far a component is from its final API; set per component as `parameters.status`. */
export const componentStatuses = ['alpha', 'beta', 'stable'] as const;
export type ComponentStatus = (typeof componentStatuses)[number];

const statusNotes: Record<ComponentStatus, { tone: 'warning' | 'info' | 'success'; note: string }> =
  {
    alpha: {
      tone: 'warning',
      note: 'Alpha: new and still changing. Its props may change in any release; try it on one screen before you build on it.',
    },
    beta: {
      tone: 'info',
      note: 'Beta: used in the product and complete, but its API may still change in a minor release, always with a note in the changelog.',
    },
    stable: {
      tone: 'success',
      note: 'Stable: ready for any screen. Its props change only in a major release, after a deprecation.',
    },
  };

function isStatus(value: unknown): value is ComponentStatus {
  return componentStatuses.includes(value as ComponentStatus);
}

/** The stability badge under the title, with what it promises. */
function StatusNote({ status }: { status: unknown }) {
  if (!isStatus(status)) return null;
  const { tone, note } = statusNotes[status];
  return (
    <p style={{ display: 'flex', gap: 8, alignItems: 'baseline', flexWrap: 'wrap' }}>
      {/* The docs page is light whatever the stories' mode: the badge keeps the light theme. */}
      <span className={lightThemeClass}>
        <Badge tone={tone}>{status}</Badge>
      </span>
      <span>
        {note}{' '}
        <a href="./?path=/docs/status--docs" target="_top">
          What the statuses mean
        </a>
      </span>
    </p>
  );
}

const variants: { mode: 'light' | 'dark'; locale: UiLocale; label: string }[] = [
  { mode: 'light', locale: 'en', label: 'Light, English' },
  { mode: 'dark', locale: 'en', label: 'Dark, English' },
  { mode: 'light', locale: 'km', label: 'Light, Khmer' },
  { mode: 'dark', locale: 'km', label: 'Dark, Khmer' },
];

/**
 * One theme and one language around a story, for this panel only: the page's own mode and
 * language (on <html>) are left alone.
 */
function VariantPanel({
  mode,
  locale,
  label,
  children,
}: {
  mode: 'light' | 'dark';
  locale: UiLocale;
  label: string;
  children: ReactNode;
}) {
  return (
    <figure style={{ margin: 0, minWidth: 0 }}>
      <figcaption style={{ fontSize: 13, marginBlockEnd: 4, fontFamily: vars.font.body }}>
        {label}
      </figcaption>
      {/* A wide story scrolls inside its panel; the panel takes focus so a keyboard can scroll it. */}
      <section
        aria-label={label}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        lang={locale}
        className={mode === 'dark' ? darkThemeClass : lightThemeClass}
        style={{
          padding: 16,
          overflowX: 'auto',
          borderRadius: 8,
          border: `1px solid ${vars.color.border}`,
          background: vars.color.background,
          color: vars.color.text,
          fontFamily: vars.font.body,
        }}
      >
        <DocsVariantContext.Provider value={{ mode, locale }}>
          <SalaProvider locale={locale} forcedColorMode={mode} manageColorMode={false}>
            {children}
          </SalaProvider>
        </DocsVariantContext.Provider>
      </section>
    </figure>
  );
}

/**
 * The query that asks a docs page for one story alone, as a docs page renders it (without its
 * play function), in the mode and language of the frame's URL: the frames of whole-page stories.
 */
const storyOnly = 'story-only';

const variantGrid = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 420px), 1fr))',
  gap: 16,
} as const;

function StoryFrame({
  docsId,
  storyId,
  title,
  height,
  globals,
}: {
  docsId: string;
  storyId: string;
  title: string;
  height: string;
  globals?: string;
}) {
  return (
    <iframe
      title={title}
      src={`iframe.html?id=${docsId}&viewMode=docs&${storyOnly}=${storyId}${globals ? `&globals=${globals}` : ''}`}
      style={{
        width: '100%',
        height,
        border: '1px solid rgb(128 128 128 / 0.4)',
        borderRadius: 8,
      }}
    />
  );
}

/**
 * The primary story in frames of its own, one per mode and language: for stories that are a
 * whole page (landmarks, a level-1 heading, an overlay) and cannot share the docs page.
 */
function FramedVariants({ docsId, height }: { docsId: string; height: string }) {
  const { story } = useOf('story', ['story']);
  return (
    <div style={variantGrid}>
      {variants.map(({ mode, locale, label }) => (
        <figure key={label} style={{ margin: 0, minWidth: 0 }}>
          <figcaption style={{ fontSize: 13, marginBlockEnd: 4 }}>{label}</figcaption>
          <StoryFrame
            docsId={docsId}
            storyId={story.id}
            title={label}
            height={height}
            globals={`colorMode:${mode};locale:${locale}`}
          />
        </figure>
      ))}
    </div>
  );
}

/** Every story but the primary one, each in a frame of its own. */
function FramedStories({ docsId, height }: { docsId: string; height: string }) {
  const { story: primary } = useOf('story', ['story']);
  const { csfFile } = useOf('meta', ['meta']);
  // In the file's order (the module's own export list is alphabetical).
  const order = (csfFile.moduleExports.__namedExportsOrder as string[] | undefined) ?? [];
  const rank = (exportValue: unknown) =>
    order.findIndex((name) => csfFile.moduleExports[name] === exportValue);
  const others = Object.values(csfFile.stories)
    .filter((story) => story.id !== primary.id)
    .sort((a, b) => rank(a.moduleExport) - rank(b.moduleExport));
  if (others.length === 0) return null;
  return (
    <>
      <Heading>More stories</Heading>
      {others.map((story) => (
        <Fragment key={story.id}>
          <Subheading>{story.name}</Subheading>
          <Description of={story.moduleExport} />
          <StoryFrame docsId={docsId} storyId={story.id} title={story.name} height={height} />
        </Fragment>
      ))}
    </>
  );
}

/** The primary story as written, once per colour mode and language. */
function ComposedVariants() {
  const { story } = useOf('story', ['story']);
  const { csfFile } = useOf('meta', ['meta']);
  const Composed = useMemo(() => {
    const exportName = Object.entries(csfFile.moduleExports).find(
      ([, value]) => value === story.moduleExport,
    )?.[0];
    return composeStory(
      story.moduleExport as Parameters<typeof composeStory>[0],
      csfFile.moduleExports.default as Meta,
      {},
      exportName,
    );
  }, [csfFile, story]);
  return (
    // Unstyled: the docs page's own styles for tables, links and lists stay off the stories.
    <Unstyled>
      <div style={variantGrid}>
        {variants.map((variant) => (
          <VariantPanel key={variant.label} {...variant}>
            <Composed />
          </VariantPanel>
        ))}
      </div>
    </Unstyled>
  );
}

interface DocsParameters {
  status?: unknown;
  docs?: { story?: { inline?: boolean; height?: string } };
}

/**
 * The docs page of every component: title and status, what it is for and when to use it, the
 * primary story with its props, the primary story in both modes and both languages, then every
 * other story.
 */
export function DocsPage() {
  const { preparedMeta, csfFile } = useOf('meta', ['meta']);
  const only = new URLSearchParams(window.location.search).get(storyOnly);
  if (only) {
    const story = csfFile.stories[only];
    return story ? <Story of={story.moduleExport} inline autoplay={false} /> : null;
  }
  const parameters = preparedMeta.parameters as DocsParameters;
  const docsId = `${preparedMeta.id}--docs`;
  // A whole page (docs.story.inline false): every story in a frame of its own.
  const framed = parameters.docs?.story?.inline === false;
  const height = parameters.docs?.story?.height ?? '400px';
  return (
    <>
      <Title />
      <StatusNote status={parameters.status} />
      <Heading>Overview</Heading>
      <Description />
      <Heading>Example</Heading>
      {framed ? <FramedPrimary docsId={docsId} height={height} /> : <Primary />}
      <Heading>Props</Heading>
      <ArgTypes />
      <Heading>Light and dark, English and Khmer</Heading>
      {framed ? <FramedVariants docsId={docsId} height={height} /> : <ComposedVariants />}
      {framed ? (
        <FramedStories docsId={docsId} height={height} />
      ) : (
        <Stories title="More stories" includePrimary={false} />
      )}
    </>
  );
}

function FramedPrimary({ docsId, height }: { docsId: string; height: string }) {
  const { story } = useOf('story', ['story']);
  return <StoryFrame docsId={docsId} storyId={story.id} title={story.name} height={height} />;
}
