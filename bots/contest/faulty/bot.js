// A deliberately faulty entrant, to show what a fault costs in a contest:
// every other program it writes is illegal (Q is no command), so the arena
// charges it a fault and plays its seat's program as all X (wait) that turn.
let n = 0;
export default () => ({ program: () => (n++ % 2 ? 'Q Q Q Q Q' : '^ ^ F F F') });
