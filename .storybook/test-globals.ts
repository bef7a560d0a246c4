declare const __SALA_STORY_GLOBALS__:
  { colorMode: 'light' | 'dark'; locale: 'en' | 'km' } | undefined;

/**
 * The colour mode and language stories start in. The story tests run every story twice —
 * light in English, dark in Khmer — by defining __SALA_STORY_GLOBALS__ per Vitest project.
 */
export const storyTestGlobals =
  typeof __SALA_STORY_GLOBALS__ === 'undefined'
    ? ({ colorMode: 'light', locale: 'en' } as const)
    : __SALA_STORY_GLOBALS__;
