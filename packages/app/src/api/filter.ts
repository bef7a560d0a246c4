/** Whether any text or number in a value (searched one object level deep) contains the needle. */
function matches(value: unknown, needle: string, depth = 0): boolean {
  if (typeof value === 'string') return value.toLocaleLowerCase().includes(needle);
  if (typeof value === 'number') return String(value).includes(needle);
  if (value && typeof value === 'object' && depth < 2) {
    return Object.values(value).some((inner) => matches(inner, needle, depth + 1));
  }
  return false;
}

/**
 * The spec's optional client-side filter: keeps the items of the response's arrays (the
 * response itself, or its array fields) that contain the text, case-insensitively.
 */
export function filterResponse<T>(data: T, text: string | undefined): T {
  const needle = text?.trim().toLocaleLowerCase();
  if (!needle) return data;
  if (Array.isArray(data)) return data.filter((item) => matches(item, needle)) as T;
  if (data && typeof data === 'object') {
    return Object.fromEntries(
      Object.entries(data).map(([key, value]) => [
        key,
        Array.isArray(value) ? value.filter((item) => matches(item, needle)) : value,
      ]),
    ) as T;
  }
  return data;
}
