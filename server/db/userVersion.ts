/**
 * A staff account's version (contract/recordVersion.ts) moves with every write of what
 * /user/detail answers: spread into an update's `set` of the user table.
 */
export { nextVersion } from './recordVersion';
