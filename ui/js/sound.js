// Tiny beeps generated with WebAudio (no sound files). Silent unless the
// sound setting is on; the audio context starts on the first play.

let enabled = false;
let context = null;

export function configureSound(on) {
  enabled = Boolean(on);
}

function tone(frequency, startOffset, duration, volume = 0.06, type = "sine") {
  const AudioCtx = window.AudioContext || window.webkitAudioContext;
  if (!AudioCtx) return;
  if (!context) context = new AudioCtx();
  const start = context.currentTime + startOffset;
  const osc = context.createOscillator();
  const gain = context.createGain();
  osc.type = type;
  osc.frequency.value = frequency;
  gain.gain.setValueAtTime(volume, start);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + duration);
  osc.connect(gain).connect(context.destination);
  osc.start(start);
  osc.stop(start + duration + 0.02);
}

const SOUNDS = {
  deal: () => tone(520, 0, 0.05, 0.04, "triangle"),
  hold: () => tone(880, 0, 0.04, 0.04, "square"),
  win: () => [660, 880, 1320].forEach((f, i) => tone(f, i * 0.09, 0.14)),
  level: () => [523, 659, 784, 1047].forEach((f, i) => tone(f, i * 0.1, 0.18)),
  error: () => tone(196, 0, 0.15, 0.05, "sawtooth"),
};

/** Plays one of: deal, hold, win, level, error. */
export function play(name) {
  if (!enabled || !SOUNDS[name]) return;
  try {
    SOUNDS[name]();
  } catch {
    // Audio is decoration; a failure must never stop the game.
  }
}
