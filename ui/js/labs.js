// The two labs of the Fairness section: #/fairness/shuffle and #/fairness/bag.
import * as shuffleLab from "./shuffle_lab.js";
import * as bagLab from "./bag_lab.js";

const labs = { shuffle: shuffleLab, bag: bagLab };

/** Leaving the Fairness section stops a long run still going. */
export function leave() {
  for (const lab of Object.values(labs)) lab.leave();
}

export function view(app, which) {
  return labs[which].view(app);
}
