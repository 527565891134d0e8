// A deliberately faulty entrant, to show what a fault costs in a contest:
// every other program it writes is illegal (Q is no command), so the arena
// charges it a fault and plays its seat's program as all X (wait) that turn.
// It says so on stderr, which the arena keeps per match (logs/match-ID-SEAT.txt).
let n = 0;
export default () => ({
  program: () => {
    if (n++ % 2 === 0) return '^ ^ F F F';
    console.error(`decision ${n}: writing an illegal program on purpose`);
    return 'Q Q Q Q Q';
  },
});
