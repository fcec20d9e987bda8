// The page's sounds: short tones, each rendered once into a WAV held in
// memory and played by an audio element. Nothing to download, and nothing
// that makes a tap wait: Web Audio's first AudioContext starts the audio
// device on the page's main thread (about 100 ms on a phone slowed four
// times, so a tap landing then waited for it); an audio element starts it
// on the browser's media threads. Silent until the player's first gesture
// on the page (browsers keep audio silent before one).
let armed = false;

// Armed by the player's first gesture on the page (a trusted press or key);
// the listeners go once it is.
function arm(event) {
  if (!event.isTrusted) return;
  armed = true;
  removeEventListener('pointerdown', arm, true);
  removeEventListener('keydown', arm, true);
  later(renderNext);
}
addEventListener('pointerdown', arm, true);
addEventListener('keydown', arm, true);

// The sounds are rendered once the player's first gesture has armed them
// (none can play before it), one sound an idle moment, so that no tap
// waits for one; a sound asked for before its turn is rendered then. Not
// while the page starts: the largest took 50–80 ms of one idle callback
// at 4× CPU there, a long task of the start (issue 47).
function later(task) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task);
  else setTimeout(task, 100);
}

// Each sound: [frequency in Hz, start in s, length in s, wave, volume]; a
// note falls away exponentially to a thousandth of its volume.
const SOUNDS = [
  [[520, 0, 0.07, 'triangle', 0.18]],
  [[300, 0, 0.09, 'sine', 0.16], [360, 0.03, 0.07, 'sine', 0.1]],
  [[700, 0, 0.06, 'square', 0.08], [520, 0.08, 0.08, 'square', 0.08]],
  [[660, 0, 0.12, 'sine', 0.14], [990, 0.1, 0.18, 'sine', 0.12]],
  [[523, 0, 0.14, 'triangle', 0.16], [659, 0.14, 0.14, 'triangle', 0.16], [784, 0.28, 0.3, 'triangle', 0.16]],
  [[880, 0, 0.08, 'square', 0.06], [880, 0.16, 0.08, 'square', 0.06]],
];

// Each sound's WAV (a blob address), once rendered.
const rendered = [];

function renderNext() {
  const next = SOUNDS.findIndex((_, index) => !rendered[index]);
  if (next < 0) return;
  wav(next);
  later(renderNext);
}

const RATE = 22050;

// Sound `index` as a 16-bit mono WAV's blob address, rendered once.
function wav(index) {
  if (rendered[index]) return rendered[index];
  const notes = SOUNDS[index];
  const end = Math.max(...notes.map(([, start, length]) => start + length));
  const samples = new Float32Array(Math.ceil(end * RATE));
  for (const [frequency, start, length, wave, volume] of notes) {
    const from = Math.floor(start * RATE);
    const count = Math.min(Math.floor(length * RATE), samples.length - from);
    // One period of the wave, then each sample read from it (the phase in
    // samples of that period) and scaled by the envelope's level, which
    // falls by the same factor each sample.
    const period = new Float32Array(Math.round(RATE / frequency));
    const n = period.length;
    for (let i = 0; i < n; i++) {
      const phase = i / n;
      period[i] = wave === 'square' ? (phase < 0.5 ? 1 : -1)
        : wave === 'triangle' ? 1 - 4 * Math.abs(((phase + 0.25) % 1) - 0.5)
          : Math.sin(2 * Math.PI * phase);
    }
    const fall = 0.001 ** (1 / count);
    let level = volume;
    for (let i = 0, at = 0; i < count; i++) {
      samples[from + i] += period[at] * level;
      level *= fall;
      if (++at === n) at = 0;
    }
  }
  const pcm = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) pcm[i] = Math.max(-1, Math.min(1, samples[i])) * 32767;
  const header = new DataView(new ArrayBuffer(44));
  const text = (at, value) => [...value].forEach((c, i) => header.setUint8(at + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  header.setUint32(4, 36 + pcm.byteLength, true);
  text(8, 'WAVEfmt ');
  header.setUint32(16, 16, true); // the format's length
  header.setUint16(20, 1, true); // PCM
  header.setUint16(22, 1, true); // mono
  header.setUint32(24, RATE, true);
  header.setUint32(28, RATE * 2, true); // bytes a second
  header.setUint16(32, 2, true); // bytes a sample
  header.setUint16(34, 16, true); // bits a sample
  text(36, 'data');
  header.setUint32(40, pcm.byteLength, true);
  // (The samples in the machine's byte order: little-endian on every
  // platform a browser runs on, as WAV wants.)
  rendered[index] = URL.createObjectURL(new Blob([header, pcm], { type: 'audio/wav' }));
  return rendered[index];
}

// Each sound's audio element, made the first time it plays and kept: an
// element's media pipeline takes the main thread for 10 to 50 ms (4× CPU)
// in the tasks after it is made, so each sound pays it once, not each ply.
const players = [];

export function playSound(index) {
  if (!armed || !SOUNDS[index]) return;
  // In the task after the tap's: the tap's effect is drawn first.
  setTimeout(() => {
    try {
      const player = (players[index] ??= new Audio(wav(index)));
      // (A sound still playing starts again.)
      player.currentTime = 0;
      player.play().catch(() => {
        // Not allowed or no audio here: the game goes on in silence.
      });
    } catch (_) {
      // No audio here: the game goes on in silence.
    }
  });
}
