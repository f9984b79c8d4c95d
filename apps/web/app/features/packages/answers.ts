/** The answers of the package calls, checked with the contract's schemas (loaded only by the pages that ask). */
import { envelope, getPackageAnswer, packageLimit } from '@estate/core';

export const packagesAnswer = getPackageAnswer;
export const packageLimitAnswer = envelope(packageLimit);
