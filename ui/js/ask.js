// Asking the core from a screen, and dropping the answer when it is no longer wanted. Every screen
// draws into the same <main>, and an answer may come back after the player has moved on: a newer
// request of the same kind was made (another hand, another table, a newer edit), or the screen was
// left (app.js counts the screens left: `app.visit`). Such an answer is dropped: the screen touches
// nothing with it, and whatever it had marked as pending is reset when it is entered or left again.
//
//   const drill = line();                        // one line per kind of request, in the module
//   const q = await drill.ask(app, () => api.drillNext(id, "hard"), { quiet: true });
//   if (q === DROPPED) return;                   // stale or gone: nothing to draw
//
// `ask` goes through app.run (errors shown, a returned State applied to the whole app: those are the
// app's, not the screen's, and are never dropped); `get` calls the core directly and leaves the
// error to the screen. Several calls answered together take one ticket: `line.start(app)`, then
// `ticket.ask`/`ticket.get` for each and `ticket.wanted()` once they are all in.

/** What an answer no longer wanted resolves to. */
export const DROPPED = Symbol("dropped");

/** A kind of request on one screen: a newer request on the line makes every older answer stale. */
export function line() {
  let latest = 0;
  const self = {
    /** A new request on this line, asked on the screen shown now. */
    start(app) {
      const mine = ++latest;
      const visit = app.visit;
      const ticket = {
        /** Whether its answer is still wanted: no newer request on the line, the same screen shown. */
        wanted: () => mine === latest && visit === app.visit,
        /** `call` through app.run: its answer, undefined after an error (shown), or DROPPED. */
        async ask(call, options) {
          const answer = await app.run(call, options);
          return ticket.wanted() ? answer : DROPPED;
        },
        /** `call` itself: its answer or DROPPED; it rejects only while wanted (a dropped error is dropped too). */
        async get(call) {
          try {
            const answer = await call();
            return ticket.wanted() ? answer : DROPPED;
          } catch (error) {
            if (ticket.wanted()) throw error;
            return DROPPED;
          }
        },
      };
      return ticket;
    },
    /** One request through app.run (see ticket.ask). */
    ask: (app, call, options) => self.start(app).ask(call, options),
    /** One request without app.run (see ticket.get). */
    get: (app, call) => self.start(app).get(call),
    /** Drops every answer still out on this line (what they answer has gone: a hand, a run). */
    drop() {
      latest += 1;
    },
  };
  return self;
}
