/**
 * Havoc Arena's statistics library: pure functions for win rates, ratings
 * and part balance (distributions from stdlib, the eigensolver from
 * ml-matrix). See each module for the modelling choices.
 */
export { Z95, chiSquareSurvival, erfc, normalCdf, normalQuantile, twoSidedP } from './normal.js';
export { holm, type HolmTest } from './holm.js';
export { wilson, scoreInterval, newcombeDiff, type Interval, type DiffInterval } from './wilson.js';
export {
  fromRows,
  matMul,
  quadForm,
  cholesky,
  choleskySolve,
  solveSPD,
  inverseFromCholesky,
  inverseSPD,
  inverse,
} from './linalg.js';
export { symmetricEigen, nullSpace, estimableTest, type SymmetricEigen } from './eigen.js';
export { logisticRegression, sigmoid, type LogisticRow, type SparseRow, type LogisticOptions, type LogisticFit } from './logistic.js';
export { compileRows, type Csr } from './rows.js';
export {
  bradleyTerry,
  toElo,
  superiority,
  difference,
  winProbability,
  ELO_PER_LOGIT,
  type PairGame,
  type BradleyTerryOptions,
  type BradleyTerryFit,
  type EloRatings,
} from './bradleyTerry.js';
export { buildPartDesign, rawStats, type PartDesign } from './partDesign.js';
export {
  partEffects,
  type PartMatch,
  type PartListing,
  type PartEffectsOptions,
  type PartReason,
  type PartRawStats,
  type PartEffect,
  type PartEffectsResult,
} from './partEffects.js';
export { priceEffects, type CategoryPoint, type PricingInput, type PricingReason, type PartPrice } from './fairCost.js';
export { Sprt, sprtBounds, sprtLlr, type SprtSpec, type SprtState } from './sprt.js';
export { addPair, EMPTY_PENTANOMIAL, estimate, pairKind, type DuelEstimate, type Pentanomial } from './pentanomial.js';
export { DEFAULT_DUEL_SPRT, duelSprtProblem, duelVerdict, pentanomialLlr, type DuelSprtSpec, type DuelVerdict } from './pentanomialSprt.js';
