import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { voices, type EnginePreset } from '../db/schema.ts';
import type { AgeGroup, Gender, Species } from './catalogue.ts';

/**
 * Voice artwork drawn by the project: a portrait (image), the same portrait small (thumbnail) and a wide
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
  preset: EnginePreset;
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

const SKIN = ['#f6d5bd', '#eabd9b', '#d29c77', '#b07a57', '#8a5a3d', '#5f3b27'];
const HAIR = ['#231812', '#3f2819', '#6b4224', '#a8743a', '#d5ae6b', '#1a1a1a', '#7b2e1c'];
const GREY_HAIR = ['#d9d9d9', '#bfbfbf', '#ececec'];

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

function human(subject: ArtSubject, p: Palette): string {
  const child = subject.ageGroup === 'child';
  const senior = subject.ageGroup === 'senior';
  const skin = SKIN[Math.floor(p.rand() * SKIN.length)]!;
  const hair = senior ? GREY_HAIR[Math.floor(p.rand() * GREY_HAIR.length)]! : HAIR[Math.floor(p.rand() * HAIR.length)]!;
  const cloth = hsl(p.hue + 180 + p.rand() * 60, 38, 30);
  const s = child ? 0.9 : 1;
  const headRx = r1(78 * s * (child ? 1.08 : 1));
  const headRy = r1(92 * s);
  const cy = child ? 240 : 225;
  const shoulders = child
    ? `M140 512C150 420 200 385 256 385C312 385 362 420 372 512Z`
    : `M92 512C106 405 178 362 256 362C334 362 406 405 420 512Z`;
  let back = '';
  let front = '';
  if (subject.gender === 'female') {
    back = `<path d="M${256 - headRx - 12} ${cy + 10}C${256 - headRx - 20} ${cy - 120} ${256 + headRx + 20} ${cy - 120} ${256 + headRx + 12} ${cy + 10}L${256 + headRx + 20} ${cy + 140}C${256 + 60} ${cy + 160} ${256 - 60} ${cy + 160} ${256 - headRx - 20} ${cy + 140}Z" fill="${hair}"/>`;
    front = `<path d="M${256 - headRx} ${cy - 10}C${256 - headRx + 10} ${cy - headRy - 20} ${256 + headRx - 10} ${cy - headRy - 20} ${256 + headRx} ${cy - 10}C${256 + 30} ${cy - 70} ${256 - 40} ${cy - 60} ${256 - headRx} ${cy - 10}Z" fill="${hair}"/>`;
  } else if (subject.gender === 'male') {
    front = senior
      ? `<path d="M${256 - headRx} ${cy - 5}C${256 - headRx} ${cy - 60} ${256 - 40} ${cy - 70} ${256 - 30} ${cy - 78}C${256 - 60} ${cy - 50} ${256 - headRx + 10} ${cy - 40} ${256 - headRx} ${cy - 5}ZM${256 + headRx} ${cy - 5}C${256 + headRx} ${cy - 60} ${256 + 40} ${cy - 70} ${256 + 30} ${cy - 78}C${256 + 60} ${cy - 50} ${256 + headRx - 10} ${cy - 40} ${256 + headRx} ${cy - 5}Z" fill="${hair}"/>`
      : `<path d="M${256 - headRx} ${cy - 10}C${256 - headRx} ${cy - headRy - 22} ${256 + headRx} ${cy - headRy - 22} ${256 + headRx} ${cy - 10}C${256 + headRx - 16} ${cy - 62} ${256 - headRx + 16} ${cy - 62} ${256 - headRx} ${cy - 10}Z" fill="${hair}"/>`;
  } else {
    back = `<path d="M${256 - headRx - 10} ${cy + 50}C${256 - headRx - 26} ${cy - 110} ${256 + headRx + 26} ${cy - 110} ${256 + headRx + 10} ${cy + 50}Z" fill="${hair}"/>`;
    front = `<path d="M${256 - headRx} ${cy - 5}C${256 - headRx + 4} ${cy - headRy - 18} ${256 + headRx - 4} ${cy - headRy - 18} ${256 + headRx} ${cy - 5}C${256 + 20} ${cy - 50} ${256 - 50} ${cy - 40} ${256 - headRx} ${cy - 5}Z" fill="${hair}"/>`;
  }
  const eyeY = cy + 5;
  const eyeDx = r1(headRx * 0.38);
  const smile = senior ? 14 : child ? 22 : 18;
  return (
    back +
    `<path d="${shoulders}" fill="${cloth}"/>` +
    `<rect x="${256 - 28 * s}" y="${cy + 60}" width="${56 * s}" height="80" rx="22" fill="${skin}"/>` +
    `<rect x="${256 - 28 * s}" y="${cy + 60}" width="${56 * s}" height="80" rx="22" fill="#000" fill-opacity="0.12"/>` +
    `<ellipse cx="256" cy="${cy}" rx="${headRx}" ry="${headRy}" fill="${skin}"/>` +
    front +
    `<ellipse cx="${256 - eyeDx}" cy="${eyeY}" rx="7" ry="${child ? 10 : 8}" fill="#2a211c"/>` +
    `<ellipse cx="${256 + eyeDx}" cy="${eyeY}" rx="7" ry="${child ? 10 : 8}" fill="#2a211c"/>` +
    `<path d="M${256 - smile} ${cy + 42}Q256 ${cy + 42 + smile * 0.9} ${256 + smile} ${cy + 42}" fill="none" stroke="#7a3b2e" stroke-width="5" stroke-linecap="round"/>` +
    (senior
      ? `<path d="M${256 - eyeDx - 14} ${eyeY + 16}q14 6 28 0M${256 + eyeDx - 14} ${eyeY + 16}q14 6 28 0" fill="none" stroke="#000" stroke-opacity="0.18" stroke-width="3"/>`
      : '') +
    (child
      ? `<circle cx="${256 - eyeDx - 10}" cy="${eyeY + 28}" r="12" fill="#ff7a8a" fill-opacity="0.35"/><circle cx="${256 + eyeDx + 10}" cy="${eyeY + 28}" r="12" fill="#ff7a8a" fill-opacity="0.35"/>`
      : '')
  );
}

function robot(subject: ArtSubject, p: Palette): string {
  const metal = hsl(p.hue + 200, 12, 72);
  const dark = hsl(p.hue + 200, 14, 38);
  const glow = hsl(p.hue + 180, 95, 62);
  const ring = (subject.preset.timbre?.ring_mod_hz as number | undefined) ?? 40;
  const eyeR = r1(Math.max(12, Math.min(26, 10 + ring / 8)));
  let grille = '';
  for (let i = 0; i < 5; i++)
    grille += `<rect x="${210 + i * 20}" y="272" width="10" height="22" rx="3" fill="${dark}"/>`;
  return (
    `<path d="M120 512L150 400C160 372 190 360 256 360C322 360 352 372 362 400L392 512Z" fill="${dark}"/>` +
    `<rect x="232" y="318" width="48" height="50" fill="${dark}"/>` +
    `<line x1="256" y1="140" x2="256" y2="96" stroke="${dark}" stroke-width="8"/><circle cx="256" cy="90" r="12" fill="${glow}"/>` +
    `<rect x="160" y="136" width="192" height="184" rx="40" fill="${metal}"/>` +
    `<rect x="176" y="176" width="160" height="70" rx="30" fill="${dark}"/>` +
    `<circle cx="218" cy="211" r="${eyeR}" fill="${glow}"/><circle cx="294" cy="211" r="${eyeR}" fill="${glow}"/>` +
    `<circle cx="218" cy="211" r="${r1(eyeR * 0.4)}" fill="#fff" fill-opacity="0.8"/><circle cx="294" cy="211" r="${r1(eyeR * 0.4)}" fill="#fff" fill-opacity="0.8"/>` +
    grille +
    `<rect x="146" y="196" width="16" height="44" rx="6" fill="${dark}"/><rect x="350" y="196" width="16" height="44" rx="6" fill="${dark}"/>`
  );
}

function creature(subject: ArtSubject, p: Palette): string {
  const rough = (subject.preset.timbre?.roughness as number | undefined) ?? 0;
  const big = (subject.preset.formant_scale ?? 1) < 0.95;
  const skin = big ? hsl(p.hue + 110, 32, 42) : hsl(p.hue + 150, 55, 70);
  const dark = big ? hsl(p.hue + 110, 30, 26) : hsl(p.hue + 150, 45, 45);
  const rx = big ? 112 : 72;
  const ry = big ? 92 : 80;
  const cy = 225;
  const crown = big
    ? `<path d="M${256 - 70} ${cy - 60}C${256 - 120} ${cy - 120} ${256 - 140} ${cy - 150} ${256 - 110} ${cy - 190}C${256 - 100} ${cy - 140} ${256 - 70} ${cy - 110} ${256 - 40} ${cy - 80}Z" fill="#efe3c6"/>` +
      `<path d="M${256 + 70} ${cy - 60}C${256 + 120} ${cy - 120} ${256 + 140} ${cy - 150} ${256 + 110} ${cy - 190}C${256 + 100} ${cy - 140} ${256 + 70} ${cy - 110} ${256 + 40} ${cy - 80}Z" fill="#efe3c6"/>`
    : `<path d="M${256 - 60} ${cy - 30}L${256 - 130} ${cy - 120}L${256 - 40} ${cy - 70}Z" fill="${skin}"/>` +
      `<path d="M${256 + 60} ${cy - 30}L${256 + 130} ${cy - 120}L${256 + 40} ${cy - 70}Z" fill="${skin}"/>` +
      `<path d="M150 300C90 230 100 170 170 230ZM362 300C422 230 412 170 342 230Z" fill="#fff" fill-opacity="0.35"/>`;
  let teeth = '';
  if (rough > 0.4) {
    for (let i = -2; i <= 2; i++) teeth += `<path d="M${256 + i * 18 - 7} ${cy + 48}l7 14l7 -14Z" fill="#f4f0e0"/>`;
  }
  let sparkles = '';
  if (!big) {
    for (let i = 0; i < 7; i++) {
      sparkles += `<circle cx="${r1(80 + p.rand() * 352)}" cy="${r1(60 + p.rand() * 200)}" r="${r1(2 + p.rand() * 4)}" fill="#fff" fill-opacity="0.7"/>`;
    }
  }
  return (
    sparkles +
    `<path d="M${big ? 90 : 150} 512C${big ? 100 : 160} 400 ${big ? 170 : 200} 350 256 350C${big ? 342 : 312} 350 ${big ? 412 : 352} 400 ${big ? 422 : 362} 512Z" fill="${dark}"/>` +
    crown +
    `<ellipse cx="256" cy="${cy}" rx="${rx}" ry="${ry}" fill="${skin}"/>` +
    `<ellipse cx="${256 - rx * 0.4}" cy="${cy - 10}" rx="${big ? 16 : 14}" ry="${big ? 10 : 16}" fill="#ffd23f" transform="rotate(${big ? 12 : -8} ${256 - rx * 0.4} ${cy - 10})"/>` +
    `<ellipse cx="${256 + rx * 0.4}" cy="${cy - 10}" rx="${big ? 16 : 14}" ry="${big ? 10 : 16}" fill="#ffd23f" transform="rotate(${big ? -12 : 8} ${256 + rx * 0.4} ${cy - 10})"/>` +
    `<rect x="${256 - rx * 0.4 - 3}" y="${cy - 22}" width="6" height="24" rx="3" fill="#1b1b1b"/>` +
    `<rect x="${256 + rx * 0.4 - 3}" y="${cy - 22}" width="6" height="24" rx="3" fill="#1b1b1b"/>` +
    `<path d="M${256 - 44} ${cy + 44}Q256 ${cy + (big ? 60 : 70)} ${256 + 44} ${cy + 44}" fill="none" stroke="${dark}" stroke-width="6" stroke-linecap="round"/>` +
    teeth
  );
}

function cartoon(subject: ArtSubject, p: Palette): string {
  const face = hsl(p.hue + 60, 75, 62);
  const dark = hsl(p.hue + 60, 60, 36);
  const child = subject.ageGroup === 'child';
  const cy = 220;
  const r = child ? 118 : 108;
  const beak =
    subject.gender === 'male' && !child
      ? `<ellipse cx="256" cy="${cy + 48}" rx="58" ry="24" fill="#ffa41b"/><path d="M206 ${cy + 50}Q256 ${cy + 70} 306 ${cy + 50}" fill="none" stroke="#c96f00" stroke-width="4"/>`
      : `<path d="M${256 - 36} ${cy + 40}Q256 ${cy + 84} ${256 + 36} ${cy + 40}Z" fill="#7a2232"/><path d="M${256 - 18} ${cy + 58}Q256 ${cy + 76} ${256 + 18} ${cy + 58}" fill="#ff8fa3"/>`;
  return (
    `<path d="M130 512C140 420 190 380 256 380C322 380 372 420 382 512Z" fill="${dark}"/>` +
    `<circle cx="256" cy="${cy}" r="${r}" fill="${face}"/>` +
    `<circle cx="210" cy="${cy - 20}" r="34" fill="#fff"/><circle cx="302" cy="${cy - 20}" r="34" fill="#fff"/>` +
    `<circle cx="216" cy="${cy - 14}" r="16" fill="#1b1b1b"/><circle cx="296" cy="${cy - 14}" r="16" fill="#1b1b1b"/>` +
    `<circle cx="222" cy="${cy - 20}" r="5" fill="#fff"/><circle cx="302" cy="${cy - 20}" r="5" fill="#fff"/>` +
    `<circle cx="175" cy="${cy + 32}" r="16" fill="#ff6b81" fill-opacity="0.45"/><circle cx="337" cy="${cy + 32}" r="16" fill="#ff6b81" fill-opacity="0.45"/>` +
    beak
  );
}

function figure(subject: ArtSubject, p: Palette): string {
  switch (subject.species) {
    case 'robot':
      return robot(subject, p);
    case 'creature':
      return creature(subject, p);
    case 'cartoon':
      return cartoon(subject, p);
    default:
      return human(subject, p);
  }
}

function portrait(subject: ArtSubject, size: number, detailed: boolean): string {
  const p = paletteOf(subject);
  const id = `v${seedOf(subject.slug).toString(36)}`;
  const body =
    backdrop(p, id) + (detailed ? rings(subject) : '') + figure(subject, p) + (detailed ? waveBars(subject, p) : '');
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
