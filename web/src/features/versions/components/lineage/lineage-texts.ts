/** What a version the caller may not see shows instead of its name (000 §2, §8). */
export const RESTRICTED_ACCESS = 'Restricted access';
