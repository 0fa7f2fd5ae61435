/**
 * Writes the notification sounds (calendar-add, calendar-update, calendar-delete, collaboration, reminder)
 * to frontend/public/sounds as small WAV files (mono, 16-bit PCM, 22.05 kHz): short sine tones with a soft attack
 * and decay, so they are ours to ship and need no audio tool. The files are committed; run this again only to
 * change a sound:
 *   node scripts/generate-sounds.mjs
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const RATE = 22_050;
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'frontend', 'public', 'sounds');

/** A note: frequency in Hz, start and length in seconds, loudness 0..1. */
const note = (hz, at, length, level = 0.5) => ({ hz, at, length, level });

/** Each sound as notes; rising for added, falling for deleted, a repeated note for changed. */
const SOUNDS = {
  'calendar-add': [note(659.25, 0, 0.12), note(880, 0.1, 0.2)],
  'calendar-update': [note(784, 0, 0.09), note(784, 0.13, 0.12)],
  'calendar-delete': [note(880, 0, 0.12), note(587.33, 0.1, 0.22)],
  collaboration: [note(523.25, 0, 0.1), note(659.25, 0.09, 0.1), note(783.99, 0.18, 0.2)],
  reminder: [note(1046.5, 0, 0.45, 0.4), note(2093, 0, 0.3, 0.1)],
};

function render(notes) {
  const seconds = Math.max(...notes.map((n) => n.at + n.length)) + 0.02;
  const samples = new Float64Array(Math.ceil(seconds * RATE));
  for (const n of notes) {
    const first = Math.round(n.at * RATE);
    const count = Math.round(n.length * RATE);
    for (let i = 0; i < count; i++) {
      const t = i / RATE;
      // 5 ms attack, exponential decay to silence at the note's end: no clicks.
      const envelope = Math.min(1, t / 0.005) * Math.exp((-5 * t) / n.length) * (1 - i / count);
      samples[first + i] += n.level * envelope * Math.sin(2 * Math.PI * n.hz * t);
    }
  }
  return samples;
}

function wav(samples) {
  const data = samples.length * 2;
  const b = Buffer.alloc(44 + data);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + data, 4);
  b.write('WAVE', 8);
  b.write('fmt ', 12);
  b.writeUInt32LE(16, 16); // fmt chunk size
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(1, 22); // mono
  b.writeUInt32LE(RATE, 24);
  b.writeUInt32LE(RATE * 2, 28); // bytes per second
  b.writeUInt16LE(2, 32); // block align
  b.writeUInt16LE(16, 34); // bits per sample
  b.write('data', 36);
  b.writeUInt32LE(data, 40);
  samples.forEach((s, i) => b.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32_767), 44 + i * 2));
  return b;
}

mkdirSync(out, { recursive: true });
for (const [name, notes] of Object.entries(SOUNDS)) {
  const file = path.join(out, `${name}.wav`);
  writeFileSync(file, wav(render(notes)));
  console.log(`${path.relative(process.cwd(), file)}`);
}
