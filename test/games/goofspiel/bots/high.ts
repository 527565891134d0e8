/** A Goofspiel bot that bids its highest card on the biggest prizes and its lowest on the rest. */
import type { GoofBotFactory } from '../index.js';

const high: GoofBotFactory = () => ({
  bid: (obs) => (obs.prize !== null && obs.prize >= 4 ? Math.max(...obs.hand) : Math.min(...obs.hand)),
});
export default high;
