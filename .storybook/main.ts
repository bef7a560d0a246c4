import type { StorybookConfig } from '@storybook/react-vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { salaIdentifiers } from '../packages/ui/identifiers.js';

const config: StorybookConfig = {
  stories: [
    '../stories/**/*.mdx',
    '../stories/**/*.stories.tsx',
    '../packages/ui/src/**/*.stories.tsx',
  ],
  addons: [
    '@storybook/addon-docs',
    '@storybook/addon-a11y',
    '@storybook/addon-vitest',
    'msw-storybook-addon',
  ],
  framework: { name: '@storybook/react-vite', options: {} },
  staticDirs: ['./public'],
  core: { disableTelemetry: true },
  async viteFinal(viteConfig) {
    // The ui package's class names are the library build's (packages/ui/identifiers.ts), so a
    // host's theme or test that works here works against the published package.
    viteConfig.plugins = [
      ...(viteConfig.plugins ?? []),
      vanillaExtractPlugin({ identifiers: salaIdentifiers }),
    ];
    // Stories run against the ui package's source, not its build.
    viteConfig.resolve = {
      ...viteConfig.resolve,
      conditions: ['@sala/source', 'module', 'browser', 'development|production'],
    };
    // Pre-bundle everything the stories import before the first test runs: a dependency found
    // mid-run makes Vite reload the page and fail the test file (seen on fresh clones).
    // Vanilla-extract's runtime imports appear only after its transform, so they are named here.
    viteConfig.optimizeDeps = {
      ...viteConfig.optimizeDeps,
      entries: ['packages/ui/src/**/*.stories.tsx', 'stories/**/*.stories.tsx'],
      include: [
        ...(viteConfig.optimizeDeps?.include ?? []),
        '@vanilla-extract/recipes/createRuntimeFn',
        '@vanilla-extract/sprinkles/createRuntimeSprinkles',
        '@vanilla-extract/css/functionSerializer',
      ],
    };
    return viteConfig;
  },
};

export default config;
