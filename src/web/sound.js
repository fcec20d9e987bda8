// The page's sounds, made with Web Audio: nothing to download. The context
// is made on the first sound after the player's first gesture (browsers
// keep audio silent before one), and never before.
let context = null;

// Armed by the player's first gesture on the page (a trusted press or key);
// the listeners go once it is.
let armed = false;
function arm(event) {
  if (!event.isTrusted) return;
  armed = true;
  removeEventListener('pointerdown', arm, true);
  removeEventListener('keydown', arm, true);
  // The browser's audio starts slowly the first time (about 80 ms in
  // headless Chromium, four times that on a slow phone): start it once the
  // page has answered this gesture and drawn it, never inside the gesture
  // (its tap would wait for it).
  afterPaint(() => {
    if (!muted()) open();
  });
}

// Runs `task` once the next frame is painted and the page is idle.
function afterPaint(task) {
  requestAnimationFrame(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 500 });
    else setTimeout(task, 50);
  });
}

// Whether the player turned sound off (the page's saved preferences).
function muted() {
  try {
    return (localStorage.getItem('kharbga.prefs') ?? '').includes('sound=off');
  } catch (_) {
    return false;
  }
}

function open() {
  try {
    if (!context) context = new AudioContext();
  } catch (_) {
    // No audio here: the game goes on in silence.
  }
  return context;
}
addEventListener('pointerdown', arm, true);
addEventListener('keydown', arm, true);

// Each sound: [frequency in Hz, start in s, length in s, wave, volume].
const SOUNDS = [
  [[520, 0, 0.07, 'triangle', 0.18]],
  [[300, 0, 0.09, 'sine', 0.16], [360, 0.03, 0.07, 'sine', 0.1]],
  [[700, 0, 0.06, 'square', 0.08], [520, 0.08, 0.08, 'square', 0.08]],
  [[660, 0, 0.12, 'sine', 0.14], [990, 0.1, 0.18, 'sine', 0.12]],
  [[523, 0, 0.14, 'triangle', 0.16], [659, 0.14, 0.14, 'triangle', 0.16], [784, 0.28, 0.3, 'triangle', 0.16]],
  [[880, 0, 0.08, 'square', 0.06], [880, 0.16, 0.08, 'square', 0.06]],
];

export function playSound(index) {
  if (!armed) return;
  const notes = SOUNDS[index];
  if (!notes) return;
  if (!context) {
    // (The first sound, asked for by the tap that armed the page: played
    // as the audio starts, after that tap is drawn.)
    afterPaint(() => {
      if (open()) sound(notes);
    });
    return;
  }
  sound(notes);
}

function sound(notes) {
  try {
    const now = context.currentTime;
    for (const [frequency, start, length, wave, volume] of notes) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = wave;
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(volume, now + start);
      gain.gain.exponentialRampToValueAtTime(0.001, now + start + length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(now + start);
      oscillator.stop(now + start + length + 0.02);
    }
  } catch (_) {
    // No audio here: the game goes on in silence.
  }
}
