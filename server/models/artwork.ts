import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { voices } from '../db/schema.ts';
import type { VoicePreset } from '../audio/engine/types.ts';
import type { AgeGroup, Gender, Species } from './catalogue.ts';

/**
 * Voice artwork drawn by the project: a voice print (image), the same print small (thumbnail) and a wide
 * banner (background), as SVG computed from the voice's own traits — species, gender, age, pitch and
 * engine preset — with the slug seeding the colours and details. The same voice always gives the same
 * bytes, nothing is fetched from anywhere, and no text is drawn (the art of a private voice tells
 * nothing about it). Served at GET /voice-art/<slug>/<image|thumbnail|background>.svg.
 */

export type ArtKind = 'image' | 'thumbnail' | 'background';
export const ART_KINDS: readonly ArtKind[] = ['image', 'thumbnail', 'background'];

export interface ArtSubject {
  slug: string;
  species: Species;
  gender: Gender | null;
  ageGroup: AgeGroup | null;
  /** Median pitch in Hz. */
  pitch: number | null;
  preset: VoicePreset;
}

/** FNV-1a: a 32-bit seed from the slug. */
function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small deterministic PRNG. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;
const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(((h % 360) + 360) % 360)} ${s}% ${l}%)`;

interface Palette {
  hue: number;
  rand: () => number;
}

function paletteOf(subject: ArtSubject): Palette {
  const rand = random(seedOf(subject.slug));
  return { hue: rand() * 360, rand };
}

function backdrop(p: Palette, id: string): string {
  return (
    `<defs><linearGradient id="${id}-bg" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${hsl(p.hue, 58, 46)}"/><stop offset="1" stop-color="${hsl(p.hue + 48, 62, 24)}"/>` +
    `</linearGradient><radialGradient id="${id}-glow" cx="0.5" cy="0.42" r="0.5">` +
    `<stop offset="0" stop-color="#fff" stop-opacity="0.32"/><stop offset="1" stop-color="#fff" stop-opacity="0"/>` +
    `</radialGradient></defs>` +
    `<rect width="512" height="512" fill="url(#${id}-bg)"/><circle cx="256" cy="220" r="230" fill="url(#${id}-glow)"/>`
  );
}

/** Rings whose spacing follows the pitch: tight for high voices, wide for low ones. */
function rings(subject: ArtSubject): string {
  const pitch = subject.pitch ?? 140;
  const gap = r1(Math.max(16, Math.min(44, 5200 / pitch)));
  let out = '';
  for (let i = 0; i < 4; i++) {
    out += `<circle cx="256" cy="220" r="${r1(150 + i * gap)}" fill="none" stroke="#fff" stroke-opacity="${r1(0.16 - i * 0.03)}" stroke-width="2"/>`;
  }
  return out;
}

/** A bar waveform along the bottom: its rhythm from the pitch, its loudness from the formant scale. */
function waveBars(subject: ArtSubject, p: Palette): string {
  const pitch = subject.pitch ?? 140;
  const formant = subject.preset.formant_scale ?? 1;
  let out = '';
  for (let i = 0; i < 32; i++) {
    const x = 24 + i * 14.6;
    const h = r1(6 + Math.abs(Math.sin(i * (pitch / 260) + p.rand() * 0.6)) * 22 * formant);
    out += `<rect x="${r1(x)}" y="${r1(488 - h / 2)}" width="6" height="${h}" rx="3" fill="#fff" fill-opacity="0.35"/>`;
  }
  return out;
}

/**
 * The voice's print: closed curves around the centre, no face. Their lobes follow the pitch (more for higher
 * voices), their depth the formant scale, and their line the kind of voice: smooth for people, stepped for
 * robots, spiked for creatures, beaded for cartoons. Children's prints are smaller and busier, seniors' calmer.
 */
function voicePrint(subject: ArtSubject, p: Palette): string {
  const pitch = subject.pitch ?? 140;
  const formant = subject.preset.formant_scale ?? 1;
  const age = subject.ageGroup;
  const lobes = Math.round(
    Math.max(3, Math.min(14, pitch / 22 + (age === 'child' ? 2 : 0) - (age === 'senior' ? 1 : 0))),
  );
  const base = age === 'child' ? 78 : 96;
  const depth = Math.max(8, Math.min(34, 22 * formant * (age === 'senior' ? 0.75 : 1)));
  const twist = p.rand() * Math.PI * 2;
  const shape = (t: number): number => {
    const wave = Math.sin(lobes * t + twist);
    switch (subject.species) {
      case 'robot':
        return Math.round(wave * 2) / 2;
      case 'creature':
        return Math.sign(wave) * Math.abs(wave) ** 0.35;
      default:
        return wave;
    }
  };
  const curve = (radius: number, amp: number, phase: number) => {
    let d = '';
    for (let i = 0; i <= 180; i++) {
      const t = (i / 180) * Math.PI * 2;
      const r = radius + amp * shape(t + phase);
      d += `${i === 0 ? 'M' : 'L'}${r1(256 + r * Math.cos(t))} ${r1(220 + r * Math.sin(t))}`;
    }
    return `${d}Z`;
  };
  let out = '';
  for (let layer = 0; layer < 3; layer++) {
    const fill = hsl(p.hue + 40 + layer * 25, 70, 62 + layer * 8);
    out += `<path d="${curve(base + 36 - layer * 30, depth * (1 - layer * 0.25), layer * 0.4)}" fill="${fill}" fill-opacity="${r1(0.55 + layer * 0.15)}"/>`;
  }
  if (subject.species === 'cartoon') {
    for (let i = 0; i < lobes; i++) {
      const t = (i / lobes) * Math.PI * 2 + twist;
      const r = base + 36 + depth;
      out += `<circle cx="${r1(256 + r * Math.cos(t))}" cy="${r1(220 + r * Math.sin(t))}" r="${r1(6 + depth / 4)}" fill="#fff" fill-opacity="0.7"/>`;
    }
  }
  return out + `<circle cx="256" cy="220" r="${r1(base / 4)}" fill="#fff" fill-opacity="0.85"/>`;
}

function portrait(subject: ArtSubject, size: number, detailed: boolean): string {
  const p = paletteOf(subject);
  const id = `v${seedOf(subject.slug).toString(36)}`;
  const body =
    backdrop(p, id) +
    (detailed ? rings(subject) : '') +
    voicePrint(subject, p) +
    (detailed ? waveBars(subject, p) : '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="${size}" height="${size}">${body}</svg>`;
}

/** A wide banner: layered waves whose frequency follows the pitch and whose height follows the formant scale. */
function banner(subject: ArtSubject): string {
  const p = paletteOf(subject);
  const id = `b${seedOf(subject.slug).toString(36)}`;
  const pitch = subject.pitch ?? 140;
  const formant = subject.preset.formant_scale ?? 1;
  const cycles = Math.max(2, Math.min(9, pitch / 30));
  const waves: string[] = [];
  for (let layer = 0; layer < 3; layer++) {
    const amp = (40 + layer * 22) * formant;
    const phase = p.rand() * Math.PI * 2;
    const base = 200 + layer * 40;
    let d = `M0 ${r1(base + Math.sin(phase) * amp)}`;
    for (let x = 20; x <= 1600; x += 20) {
      const t = (x / 1600) * cycles * Math.PI * 2;
      const y = base + Math.sin(t + phase) * amp * (0.6 + 0.4 * Math.sin(t / 3 + layer));
      d += `L${x} ${r1(y)}`;
    }
    d += 'L1600 400L0 400Z';
    waves.push(`<path d="${d}" fill="#fff" fill-opacity="${r1(0.08 + layer * 0.06)}"/>`);
  }
  let bokeh = '';
  for (let i = 0; i < 24; i++) {
    bokeh += `<circle cx="${r1(p.rand() * 1600)}" cy="${r1(p.rand() * 300)}" r="${r1(6 + p.rand() * 38)}" fill="#fff" fill-opacity="${r1(0.03 + p.rand() * 0.09)}"/>`;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 400" width="1600" height="400">` +
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0.4">` +
    `<stop offset="0" stop-color="${hsl(p.hue + 48, 62, 22)}"/><stop offset="0.55" stop-color="${hsl(p.hue, 58, 42)}"/>` +
    `<stop offset="1" stop-color="${hsl(p.hue - 30, 60, 52)}"/></linearGradient></defs>` +
    `<rect width="1600" height="400" fill="url(#${id})"/>${bokeh}${waves.join('')}</svg>`
  );
}

/** The SVG of one kind of a voice's artwork. */
export function voiceArt(subject: ArtSubject, kind: ArtKind): string {
  if (kind === 'background') return banner(subject);
  return kind === 'thumbnail' ? portrait(subject, 128, false) : portrait(subject, 512, true);
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,127}$/;

/** GET /voice-art/<slug>/<kind>.svg: public, cacheable, and unable to run anything (CSP, no scripts). */
export const artworkPlugin = fp(
  async (app: FastifyInstance) => {
    app.get<{ Params: { slug: string; file: string } }>('/voice-art/:slug/:file', async (request, reply) => {
      const { slug, file } = request.params;
      const kind = file.replace(/\.svg$/, '') as ArtKind;
      if (!SLUG.test(slug) || !file.endsWith('.svg') || !ART_KINDS.includes(kind)) {
        return reply.code(404).send({ detail: 'No such artwork' });
      }
      const [voice] = await app.db
        .select({
          slug: voices.slug,
          species: voices.species,
          gender: voices.gender,
          ageGroup: voices.ageGroup,
          pitch: voices.pitch,
          preset: voices.enginePreset,
        })
        .from(voices)
        .where(eq(voices.slug, slug))
        .limit(1);
      if (!voice) return reply.code(404).send({ detail: 'No such artwork' });
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('x-content-type-options', 'nosniff')
        .send(voiceArt(voice, kind));
    });
  },
  { name: 'voice-art', dependencies: ['database'] },
);
