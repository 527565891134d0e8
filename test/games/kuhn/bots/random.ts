/** `random` (Kuhn, test-only): checks (or folds) and bets (or calls) with even odds, from the seat's own RNG. */
import type { KuhnBotFactory } from '../index.js';

const factory: KuhnBotFactory = (ctx) => ({
  bet: () => (ctx.rng.next() < 0.5 ? 'check' : 'bet'),
});

export default factory;
