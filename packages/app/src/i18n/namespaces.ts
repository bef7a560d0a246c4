/** The namespaces the app's frame loads when it starts (the screens load their own). */
export const namespaces = ['common', 'auth', 'home', 'pages', 'jwt', 'profile'] as const;

/** The namespaces the sign-in page needs (the app loads the rest when it starts). */
export const signInNamespaces = ['common', 'auth'] as const;

/**
 * The namespaces fetched together, after the sign-in page's, when the app starts: the frame's
 * and what the home reads (its own and the attendance queue's). i18n/bundles holds them.
 */
export const frameNamespaces = ['home', 'pages', 'jwt', 'profile', 'attendance'] as const;
