/**
 * The props of a react-aria component that still mean something on the element it lends its
 * look to (`asChild`, through Radix's Slot): `id`, `title`, ARIA and data attributes, DOM event
 * handlers. React-aria's own (`onPress`, `onHoverStart`, `isDisabled`…) are not DOM props:
 * the child keeps its own behaviour, so they are left out.
 */
export function childDomProps(props: object): Record<string, unknown> {
  const dom: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) {
    if (value !== undefined && isDomProp(key)) dom[key] = value;
  }
  return dom;
}

function isDomProp(key: string) {
  if (/^(aria|data)-/.test(key) || key === 'id' || key === 'title' || key === 'lang') return true;
  return /^on[A-Z]/.test(key) && !/^on(Press|Hover|FocusChange)/.test(key);
}
