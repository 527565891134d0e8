/** `always-bet` (Kuhn, test-only): bets, and calls every bet (`bet` reads as a call after a bet). */
import type { KuhnBotFactory } from '../index.js';

const factory: KuhnBotFactory = () => ({
  bet: () => 'bet',
});

export default factory;
