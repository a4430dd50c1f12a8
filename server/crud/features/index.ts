/**
 * The features the generic CRUD composes, in the order it runs their hooks (../feature.ts): a kept
 * row is refused before an order locks its masters; masking comes before a policy's presenters;
 * the resource's own policy runs last, after every feature's checks.
 */
import type { FeatureFactory } from '../feature';
import { boundedTotal } from './boundedTotal';
import { deletable } from './deletable';
import { detailGroups } from './detailGroups';
import { exporting } from './exporting';
import { history } from './history';
import { importing } from './importing';
import { fixedWhileUsed } from './fixedWhileUsed';
import { keyCheck } from './keyCheck';
import { order } from './order';
import { resourcePolicy } from './policy';
import { privacy } from './privacy';
import { replicaReads } from './replicaReads';
import { requiredFilters } from './requiredFilters';

export const FEATURES: readonly FeatureFactory[] = [requiredFilters, boundedTotal, fixedWhileUsed, detailGroups, deletable, order, keyCheck, privacy, exporting, importing, history, replicaReads, resourcePolicy];
