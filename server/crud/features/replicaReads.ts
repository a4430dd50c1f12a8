/**
 * `reads: 'replica'` on a definition: its list, detail and export read the rows from the streaming
 * replica when the server has one (DATABASE_READ_URL, README *A read replica*); without one, from
 * the primary as every other resource. Only the rows: the caller's grants and scope (the features'
 * `readConditions`, `present`, exports' access) are read from the primary, so a replica's lag never
 * decides who may read what. Read-only resources only (server/crud/definitionRules.ts): a save
 * checks the record's version, which a lagging copy would answer stale.
 */
import type { FeatureFactory } from '../feature';

export const replicaReads: FeatureFactory = ({ readDb }, definition) => (definition.reads === 'replica' && readDb ? { readsFrom: readDb } : undefined);
