import { InitialSchema1795000000000 } from './1795000000000-InitialSchema';

/** Every migration, oldest first: listed explicitly (no globs) so tsc, jest and node load the same set. */
export const MIGRATIONS = [InitialSchema1795000000000];
