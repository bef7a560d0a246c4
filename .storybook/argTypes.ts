import type { ArgTypesEnhancer } from 'storybook/internal/types';

interface DocgenInfo {
  props?: Record<string, { description?: string }>;
}

/**
 * Completes the props table from the components' own JSDoc: a prop's `@default` fills the
 * Default column where the default is not a destructured value (variants of a recipe, a
 * react-aria default), and a prop with a fixed list of options shows them as its type where
 * docgen could not resolve it (`(typeof variants)[number]`).
 */
export const propsTableFromJsDoc: ArgTypesEnhancer = ({ argTypes, component }) => {
  const docgen = (component as { __docgenInfo?: DocgenInfo } | undefined)?.__docgenInfo?.props;
  const enhanced = { ...argTypes };
  for (const [name, argType] of Object.entries(argTypes)) {
    const table = { ...argType.table };
    const declaredDefault = /@default\s+(.+)/.exec(docgen?.[name]?.description ?? '')?.[1]?.trim();
    if (declaredDefault && !table.defaultValue?.summary) {
      table.defaultValue = { summary: declaredDefault };
    }
    if (argType.options && (!table.type?.summary || /unknown/.test(table.type.summary))) {
      table.type = { summary: argType.options.map((option) => JSON.stringify(option)).join(' | ') };
    }
    enhanced[name] = { ...argType, table };
  }
  return enhanced;
};
