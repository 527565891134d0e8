// What the bundle gives for zod's `locales` (scripts/bundle.mjs): English
// alone, the language every message of Havoc Arena's is in. zod's own index
// of its 64 locales is 364 KB of the bundle that every command compiled at
// its start and never used.
export { default as en } from 'zod/v4/locales/en.js';
