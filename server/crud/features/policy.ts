/**
 * A resource's own rules (server/policies.ts, and those the app builds from its settings), keyed
 * by its name: a feature like the others, run after them.
 */
import type { FeatureFactory } from '../feature';

export const resourcePolicy: FeatureFactory = ({ policies }, definition) => policies[definition.name];
