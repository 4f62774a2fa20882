import { AppError } from '../../lib/errors';

/** 501 while a route of issue 18 is being built (the contract is committed first). */
export const notYet = () => new AppError(501, 'NOT_IMPLEMENTED', 'Not implemented yet.');
