/**
 * The text namespaces the first screen reads: the sign-in page (auth), the route frame's titles
 * and errors (nav, errors) and the shared words (common). They load before it is drawn, in one
 * `locale-<language>` chunk (electron.vite.config.ts); the screens' namespaces follow right after
 * (lib/i18n.ts, loadScreenTexts), in `locale-<language>-screens`. bench/first-screen.ts counts these.
 */
export const FIRST_SCREEN_NAMESPACES: readonly string[] = ['auth', 'common', 'errors', 'nav'];
