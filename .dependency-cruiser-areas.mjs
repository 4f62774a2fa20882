/**
 * No cycle between the areas of functions/core (issue 17 §4), over their own code without tests
 * (why: `areaCycleRule` in .dependency-cruiser.mjs). Run as
 * `depcruise --config .dependency-cruiser-areas.mjs functions/core` by `npm run lint`.
 */
import { areaCycleRule, options } from './.dependency-cruiser.mjs';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [areaCycleRule],
  options: {
    ...options,
    includeOnly: '^functions/core/',
    exclude: { path: '(^|/)node_modules/|\\.test\\.tsx?$' },
  },
};
