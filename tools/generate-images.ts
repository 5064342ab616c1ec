/**
 * Generates the bundled artwork ("local-images") listed in app/media/bundled-images.ts:
 * calm, abstract southern-Utah landscapes for the service heroes and general images, abstract
 * portrait cards for staff, plus public/favicon.svg and public/images/og-image.jpg.
 *
 * Deterministic: every picture is drawn as SVG from a PRNG seeded by the image key, rendered by
 * sharp (librsvg) once at master size, then made into the same AVIF and WebP variants an upload
 * gets, by the upload's own encoder (`encodeVariant`), at its slowest and smallest settings
 * ("bundled": time does not matter here). Same bytes every run.
 *
 *   node tools/generate-images.ts            generate everything
 *   node tools/generate-images.ts --svg      also keep the SVG sources in /tmp/generated-svg
 *   node tools/generate-images.ts night-sky  only images whose key contains "night-sky"
 *   node tools/generate-images.ts --check    write nothing: exit 1 if a file in public/ differs
 *                                              from what this script makes (a test runs it)
 */
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { bundledImages, defaultImageWidth, imageSrc, plainImageSrc, type BundledImage } from "../app/media/bundled-images.ts";
import { mediaVariantFormats, type MediaVariantFormat } from "../app/media/media.ts";
import { encodeVariant } from "../app/media/process-image.server.ts";
import { median } from "../bench/statistics.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const publicDir = path.join(root, "public");

/**
 * The scenes were composed on a canvas at most 1600 px wide (their strokes, blurs and star sizes
 * scale from it): a larger master is the same drawing rendered larger by librsvg, so it shows the
 * same picture, only sharper.
 */
const DESIGN_WIDTH = 1600;

// ---------------------------------------------------------------------------------------------
// Randomness and colour

type Rng = () => number;

function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (rng: Rng, a: number, b: number) => a + (b - a) * rng();
const pick = <T>(rng: Rng, items: ReadonlyArray<T>): T => items[Math.floor(rng() * items.length)] as T;
const lerp = (a: number, b: number, t: number) => a + (b - a) * t;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

function parseHex(hex: string): [number, number, number] {
  const v = Number.parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

function toHex(rgb: ReadonlyArray<number>): string {
  return `#${rgb.map((c) => clamp(Math.round(c), 0, 255).toString(16).padStart(2, "0")).join("")}`;
}

/** Mix two hex colours: t = 0 gives a, t = 1 gives b. */
function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex(x.map((v, i) => lerp(v, y[i] ?? 0, t)));
}

// ---------------------------------------------------------------------------------------------
// SVG canvas

type Pt = [number, number];
type Stop = readonly [offset: number, color: string, opacity?: number];

type Canvas = {
  w: number;
  h: number;
  /** Scale relative to a 1600 px wide design. */
  s: number;
  defs: string[];
  body: string[];
  uid: (prefix: string) => string;
  blurs: Map<number, string>;
};

function createCanvas(w: number, h: number): Canvas {
  let n = 0;
  return { w, h, s: w / 1600, defs: [], body: [], uid: (p) => `${p}${++n}`, blurs: new Map() };
}

function svgDocument(c: Canvas): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${c.w}" height="${c.h}" viewBox="0 0 ${c.w} ${c.h}">` +
    `<defs>${c.defs.join("")}</defs>${c.body.join("")}</svg>`
  );
}

const f = (n: number) => String(Math.round(n * 10) / 10);

function stopsMarkup(stops: ReadonlyArray<Stop>): string {
  return stops
    .map(([o, color, op]) => `<stop offset="${f(o * 100)}%" stop-color="${color}"${op === undefined ? "" : ` stop-opacity="${op}"`}/>`)
    .join("");
}

function even(colors: ReadonlyArray<string>): Stop[] {
  return colors.map((color, i) => [colors.length === 1 ? 0 : i / (colors.length - 1), color] as const);
}

function linear(c: Canvas, stops: ReadonlyArray<Stop>, x1: number, y1: number, x2: number, y2: number): string {
  const id = c.uid("l");
  c.defs.push(
    `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}">${stopsMarkup(stops)}</linearGradient>`,
  );
  return `url(#${id})`;
}

/** Vertical gradient between y0 and y1. */
function vgrad(c: Canvas, y0: number, y1: number, stops: ReadonlyArray<Stop> | ReadonlyArray<string>): string {
  const s = typeof stops[0] === "string" ? even(stops as ReadonlyArray<string>) : (stops as ReadonlyArray<Stop>);
  return linear(c, s, 0, y0, 0, y1);
}

function radial(c: Canvas, stops: ReadonlyArray<Stop>, cx: number, cy: number, r: number, extra = ""): string {
  const id = c.uid("r");
  c.defs.push(
    `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}"${extra}>${stopsMarkup(stops)}</radialGradient>`,
  );
  return `url(#${id})`;
}

function blur(c: Canvas, std: number): string {
  const key = Math.round(std * 10) / 10;
  let id = c.blurs.get(key);
  if (!id) {
    id = c.uid("b");
    c.blurs.set(key, id);
    c.defs.push(`<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${key}"/></filter>`);
  }
  return `filter="url(#${id})"`;
}

function clipPath(c: Canvas, d: string): string {
  const id = c.uid("c");
  c.defs.push(`<clipPath id="${id}"><path d="${d}"/></clipPath>`);
  return `clip-path="url(#${id})"`;
}

function rectPath(x: number, y: number, w: number, h: number): string {
  return `M${f(x)} ${f(y)}H${f(x + w)}V${f(y + h)}H${f(x)}Z`;
}

// ---------------------------------------------------------------------------------------------
// Paths

/** Smooth curve through the points (Catmull-Rom as cubic Béziers), optionally closed to a bottom. */
function smoothPath(pts: ReadonlyArray<Pt>, closeY?: number): string {
  const p = (i: number) => pts[clamp(i, 0, pts.length - 1)] as Pt;
  let d = `M${f(p(0)[0])} ${f(p(0)[1])}`;
  for (let i = 0; i < pts.length - 1; i++) {
    const [p0, p1, p2, p3] = [p(i - 1), p(i), p(i + 1), p(i + 2)];
    const c1: Pt = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Pt = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${f(c1[0])} ${f(c1[1])} ${f(c2[0])} ${f(c2[1])} ${f(p2[0])} ${f(p2[1])}`;
  }
  if (closeY !== undefined) d += `L${f(p(pts.length - 1)[0])} ${f(closeY)}L${f(p(0)[0])} ${f(closeY)}Z`;
  return d;
}

function polyPath(pts: ReadonlyArray<Pt>, closeY?: number): string {
  let d = pts.map(([x, y], i) => `${i ? "L" : "M"}${f(x)} ${f(y)}`).join("");
  const first = pts[0];
  const last = pts[pts.length - 1];
  if (closeY !== undefined && first && last) d += `L${f(last[0])} ${f(closeY)}L${f(first[0])} ${f(closeY)}Z`;
  else d += "Z";
  return d;
}

/** Corner rounding: keeps flat mesa tops and steep cliffs, softens the corners. */
function chaikin(pts: ReadonlyArray<Pt>, iterations: number): Pt[] {
  let cur = pts.slice();
  for (let k = 0; k < iterations; k++) {
    const next: Pt[] = [cur[0] as Pt];
    for (let i = 0; i < cur.length - 1; i++) {
      const [a, b] = [cur[i] as Pt, cur[i + 1] as Pt];
      next.push([lerp(a[0], b[0], 0.25), lerp(a[1], b[1], 0.25)], [lerp(a[0], b[0], 0.75), lerp(a[1], b[1], 0.75)]);
    }
    next.push(cur[cur.length - 1] as Pt);
    cur = next;
  }
  return cur;
}

/** Height of a polyline at x (linear interpolation). */
function yAt(pts: ReadonlyArray<Pt>, x: number): number {
  for (let i = 0; i < pts.length - 1; i++) {
    const [a, b] = [pts[i] as Pt, pts[i + 1] as Pt];
    if (x >= a[0] && x <= b[0]) return b[0] === a[0] ? Math.min(a[1], b[1]) : lerp(a[1], b[1], (x - a[0]) / (b[0] - a[0]));
  }
  return (pts[pts.length - 1] as Pt)[1];
}

// ---------------------------------------------------------------------------------------------
// Landforms (point lists across the whole width)

/** Rolling hills: a few sine octaves with random phases. y is the mean height, amp the swing. */
function hills(c: Canvas, rng: Rng, y: number, amp: number, opts: { n?: number; detail?: number; freq?: number } = {}): Pt[] {
  const n = opts.n ?? 18;
  const base = opts.freq ?? 1;
  const octaves = [
    [base * between(rng, 0.6, 1.1), 1],
    [base * between(rng, 1.8, 2.6), 0.45],
    [base * between(rng, 4.5, 6.5), 0.15 * (opts.detail ?? 1)],
  ] as const;
  const phases = octaves.map(() => rng() * Math.PI * 2);
  const pts: Pt[] = [];
  for (let i = 0; i <= n; i++) {
    const x = -c.w * 0.03 + (i * c.w * 1.06) / n;
    let v = 0;
    for (const [k, [fq, wgt]] of octaves.entries()) v += wgt * Math.sin((x / c.w) * Math.PI * 2 * fq + (phases[k] ?? 0));
    pts.push([x, y - amp * (v / 1.6)]);
  }
  return pts;
}

/** One butte or mesa: talus slope, cliff with a ledge, flat top, and back down. Returns its end x. */
function butte(
  pts: Pt[],
  rng: Rng,
  x: number,
  width: number,
  top: number,
  ground: number,
  opts: { talus?: number; cliff?: number; ledge?: boolean } = {},
): number {
  const tall = ground - top;
  const talus = (opts.talus ?? 0.9) * tall * between(rng, 0.55, 0.9);
  const cliff = (opts.cliff ?? 1) * tall * between(rng, 0.05, 0.1);
  const cliffBase = top + tall * between(rng, 0.5, 0.65);
  const ledgeY = lerp(cliffBase, top, between(rng, 0.4, 0.6));
  const ledge = opts.ledge === false ? 0 : tall * between(rng, 0.04, 0.1);
  pts.push([x, ground]);
  pts.push([x + talus * 0.55, lerp(ground, cliffBase, 0.62)]);
  pts.push([x + talus, cliffBase]);
  pts.push([x + talus + cliff * 0.5, ledgeY]);
  if (ledge) pts.push([x + talus + cliff * 0.5 + ledge, ledgeY - tall * 0.02]);
  pts.push([x + talus + cliff + ledge, top]);
  const topEnd = x + talus + cliff + ledge + width;
  const steps = Math.max(2, Math.round(width / 120));
  for (let i = 1; i < steps; i++) pts.push([lerp(x + talus + cliff + ledge, topEnd, i / steps), top + between(rng, -0.012, 0.012) * tall]);
  pts.push([topEnd, top]);
  const ledge2 = opts.ledge === false ? 0 : tall * between(rng, 0.03, 0.08);
  const ledgeY2 = lerp(cliffBase, top, between(rng, 0.35, 0.6));
  pts.push([topEnd + cliff * 0.5, ledgeY2]);
  if (ledge2) pts.push([topEnd + cliff * 0.5 + ledge2, ledgeY2 + tall * 0.02]);
  pts.push([topEnd + cliff + ledge2, cliffBase]);
  const talus2 = (opts.talus ?? 0.9) * tall * between(rng, 0.6, 1.0);
  pts.push([topEnd + cliff + ledge2 + talus2 * 0.45, lerp(ground, cliffBase, 0.62)]);
  pts.push([topEnd + cliff + ledge2 + talus2, ground]);
  return topEnd + cliff + ledge2 + talus2;
}

/** A skyline of mesas and buttes between valley floor `ground` and highest top `top`. */
function mesas(
  c: Canvas,
  rng: Rng,
  ground: number,
  top: number,
  opts: { density?: number; minW?: number; maxW?: number; vary?: number; talus?: number } = {},
): Pt[] {
  const pts: Pt[] = [[-c.w * 0.05, ground]];
  let x = -c.w * 0.05 - between(rng, 0, c.w * 0.15);
  while (x < c.w * 1.05) {
    if (rng() < (opts.density ?? 0.6)) {
      const t = top + (ground - top) * between(rng, 0, opts.vary ?? 0.4);
      x = butte(pts, rng, x, c.w * between(rng, opts.minW ?? 0.06, opts.maxW ?? 0.3), t, ground + between(rng, -0.004, 0.004) * c.h, {
        talus: opts.talus,
      });
      const floor = c.w * between(rng, 0.01, 0.04);
      pts.push([x + floor, ground]);
      x += floor;
    } else {
      const gap = c.w * between(rng, 0.03, 0.12);
      const y = ground + between(rng, -0.004, 0.004) * c.h;
      pts.push([x + gap * 0.2, y], [x + gap * 0.8, y]);
      x += gap;
    }
  }
  pts.push([c.w * 1.05, ground]);
  return chaikin(
    pts.filter((p, i) => i === 0 || p[0] >= (pts[i - 1] as Pt)[0]),
    2,
  );
}

/** Mountain ridge by midpoint displacement between anchor points. */
function ridge(rng: Rng, anchors: ReadonlyArray<Pt>, rough: number, depth = 6): Pt[] {
  let pts = anchors.slice();
  for (let k = 0; k < depth; k++) {
    const next: Pt[] = [];
    for (let i = 0; i < pts.length - 1; i++) {
      const [a, b] = [pts[i] as Pt, pts[i + 1] as Pt];
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
      next.push(a, [
        (a[0] + b[0]) / 2 + between(rng, -0.15, 0.15) * len * rough,
        (a[1] + b[1]) / 2 + between(rng, -0.5, 0.5) * len * rough,
      ]);
    }
    next.push(pts[pts.length - 1] as Pt);
    pts = next;
  }
  return pts;
}

// ---------------------------------------------------------------------------------------------
// Drawing helpers

function sky(c: Canvas, stops: ReadonlyArray<Stop> | ReadonlyArray<string>, y1 = c.h) {
  c.body.push(`<rect width="${c.w}" height="${c.h}" fill="${vgrad(c, 0, y1, stops)}"/>`);
}

function glow(c: Canvas, x: number, y: number, r: number, color: string, opacity: number) {
  const fill = radial(
    c,
    [
      [0, color, opacity],
      [0.35, color, opacity * 0.45],
      [1, color, 0],
    ],
    x,
    y,
    r,
  );
  c.body.push(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${fill}"/>`);
}

function sun(c: Canvas, x: number, y: number, r: number, core: string, halo: string, haloOpacity = 0.55) {
  glow(c, x, y, r * 9, halo, haloOpacity);
  glow(c, x, y, r * 2.6, core, 0.5);
  c.body.push(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${core}"/>`);
}

/** A layer filled with a vertical gradient from its highest point to its bottom. */
function layer(
  c: Canvas,
  pts: ReadonlyArray<Pt>,
  colors: ReadonlyArray<Stop> | ReadonlyArray<string>,
  opts: { smooth?: boolean; bottom?: number; opacity?: number } = {},
): string {
  const bottom = opts.bottom ?? c.h;
  const top = Math.min(...pts.map((p) => p[1]));
  const d = opts.smooth === false ? polyPath(pts, bottom) : smoothPath(pts, bottom);
  const op = opts.opacity === undefined ? "" : ` opacity="${opts.opacity}"`;
  c.body.push(`<path d="${d}" fill="${vgrad(c, top, bottom, colors)}"${op}/>`);
  return d;
}

/** Horizontal sandstone bands clipped to a shape. */
function strata(c: Canvas, rng: Rng, d: string, y0: number, y1: number, light: string, dark: string, opacity: number) {
  const bands: string[] = [];
  let y = y0;
  while (y < y1) {
    const hgt = between(rng, 4, 26) * c.s;
    if (rng() < 0.55) {
      const sag = between(rng, -6, 6) * c.s;
      const color = rng() < 0.5 ? light : dark;
      bands.push(
        `<path d="M0 ${f(y)}Q${f(c.w / 2)} ${f(y + sag)} ${c.w} ${f(y)}V${f(y + hgt)}Q${f(c.w / 2)} ${f(y + hgt + sag)} 0 ${f(y + hgt)}Z" fill="${color}" opacity="${Math.round(between(rng, 0.25, 0.9) * opacity * 100) / 100}"/>`,
      );
    }
    y += hgt;
  }
  c.body.push(`<g ${clipPath(c, d)}>${bands.join("")}</g>`);
}

/** Side light on a shape: a horizontal gradient overlay (lit on one side, shade on the other). */
function sideLight(c: Canvas, d: string, x0: number, x1: number, lit: string, shade: string, opacity: number) {
  const fill = linear(
    c,
    [
      [0, lit, opacity],
      [0.5, lit, 0],
      [1, shade, opacity],
    ],
    x0,
    0,
    x1,
    0,
  );
  c.body.push(`<path d="${d}" fill="${fill}"/>`);
}

/** Haze settling at the foot of a layer: fades in from above toward y, with a short soft tail. */
function haze(c: Canvas, y: number, height: number, color: string, opacity: number) {
  const top = y - height;
  const bottom = y + height * 0.3;
  const fill = vgrad(c, top, bottom, [
    [0, color, 0],
    [0.55, color, opacity * 0.55],
    [0.77, color, opacity * 0.7],
    [1, color, 0],
  ]);
  c.body.push(`<rect x="0" y="${f(top)}" width="${c.w}" height="${f(bottom - top)}" fill="${fill}"/>`);
}

/** Long thin stratus clouds made of blurred ellipses. */
function stratus(c: Canvas, rng: Rng, x: number, y: number, width: number, thick: number, color: string, opacity: number) {
  const parts: string[] = [];
  const n = 3 + Math.floor(rng() * 4);
  for (let i = 0; i < n; i++) {
    const cx = x + between(rng, -0.5, 0.5) * width;
    const rx = width * between(rng, 0.2, 0.45);
    parts.push(`<ellipse cx="${f(cx)}" cy="${f(y + between(rng, -1, 1) * thick)}" rx="${f(rx)}" ry="${f(thick * between(rng, 0.5, 1))}"/>`);
  }
  c.body.push(`<g fill="${color}" opacity="${opacity}" ${blur(c, thick * 0.6)}>${parts.join("")}</g>`);
}

/** A cumulus cloud: puffs inside a dome over a flat base; shaded base, sunlit crown, soft edges. */
function cumulus(c: Canvas, rng: Rng, x: number, y: number, width: number, lit: string, shade: string, opacity = 1) {
  const hgt = width * between(rng, 0.34, 0.46);
  const puffs: Array<[number, number, number]> = [];
  const n = 9 + Math.floor(rng() * 6);
  for (let i = 0; i < n; i++) {
    const t = between(rng, 0.08, 0.92);
    const dome = Math.sin(t * Math.PI) ** 0.8;
    const r = hgt * between(rng, 0.28, 0.42) * (0.55 + dome * 0.6);
    const cy = y - r * 0.55 - between(rng, 0, 1) * dome * hgt * 0.45;
    puffs.push([x - width / 2 + t * width, cy, r]);
  }
  for (let i = 0; i < 5; i++) puffs.push([x + (i / 4 - 0.5) * width * 0.8, y - hgt * 0.14, hgt * between(rng, 0.18, 0.26)]);
  const circles = (dy: number, k: number) =>
    puffs.map(([px, py, r]) => `<circle cx="${f(px)}" cy="${f(py + dy * r)}" r="${f(r * k)}"/>`).join("");
  const clip = clipPath(c, rectPath(x - width, y - hgt * 3, width * 2, hgt * 3));
  const base = vgrad(c, y - hgt, y, [
    [0, mix(shade, lit, 0.5)],
    [1, shade],
  ]);
  c.body.push(
    `<g ${clip} opacity="${opacity}"><g fill="${base}" ${blur(c, 2.5 * c.s)}>${circles(0, 1)}</g>` +
      `<g fill="${lit}" opacity="0.9" ${blur(c, 6 * c.s)}>${circles(-0.22, 0.86)}</g></g>`,
  );
}

function stars(c: Canvas, rng: Rng, count: number, yMax: number, color = "#fffaf0") {
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const y = rng() ** 1.4 * yMax;
    const big = rng() < 0.06;
    const r = (big ? between(rng, 1.4, 2.1) : between(rng, 0.6, 1.2)) * c.s * 1.2;
    const op = clamp(between(rng, 0.35, 1) * (1 - (y / yMax) * 0.6), 0.15, 1);
    parts.push(`<circle cx="${f(rng() * c.w)}" cy="${f(y)}" r="${f(r)}" opacity="${Math.round(op * 100) / 100}"/>`);
  }
  c.body.push(`<g fill="${color}">${parts.join("")}</g>`);
}

/** A juniper: short twisted trunk, broad irregular crown in two tones (shade, then sunlit tufts). */
function juniper(c: Canvas, rng: Rng, x: number, ground: number, size: number, color: string, trunk: string, light?: string) {
  const lean = between(rng, -0.12, 0.12) * size;
  const tw = size * 0.05;
  c.body.push(
    `<path d="M${f(x - tw)} ${f(ground)}Q${f(x - tw + lean * 0.3)} ${f(ground - size * 0.25)} ${f(x + lean - size * 0.14)} ${f(ground - size * 0.5)}L${f(x + lean - size * 0.1)} ${f(ground - size * 0.52)}Q${f(x + lean * 0.3)} ${f(ground - size * 0.3)} ${f(x + lean + size * 0.12)} ${f(ground - size * 0.55)}L${f(x + lean + size * 0.15)} ${f(ground - size * 0.52)}Q${f(x + tw + lean * 0.2)} ${f(ground - size * 0.22)} ${f(x + tw)} ${f(ground)}Z" fill="${trunk}"/>`,
  );
  const crownY = ground - size * 0.58;
  const tufts = (count: number, spreadX: number, spreadY: number, rMin: number, rMax: number, dx: number, dy: number) => {
    const out: string[] = [];
    for (let i = 0; i < count; i++) {
      const a = between(rng, Math.PI * 0.95, Math.PI * 2.05);
      const dist = Math.sqrt(rng());
      const cx = x + lean + dx + Math.cos(a) * dist * spreadX;
      const cy = crownY + dy + Math.sin(a) * dist * spreadY + between(rng, -0.06, 0.12) * size;
      const rx = size * between(rng, rMin, rMax);
      out.push(`<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(rx * between(rng, 0.6, 0.85))}"/>`);
    }
    return out.join("");
  };
  c.body.push(`<g fill="${color}">${tufts(16, size * 0.48, size * 0.3, 0.09, 0.17, 0, 0)}</g>`);
  const lit = light ? mix(color, light, 0.35) : mix(color, "#ffffff", 0.12);
  c.body.push(`<g fill="${lit}">${tufts(8, size * 0.36, size * 0.2, 0.06, 0.11, -size * 0.06, -size * 0.1)}</g>`);
}

/** A slender conifer (spruce/fir) as a tiered silhouette. */
function conifer(x: number, ground: number, height: number, widthRatio = 0.32): string {
  const w = height * widthRatio;
  const tiers = 4;
  let d = `M${f(x)} ${f(ground - height)}`;
  for (let i = 1; i <= tiers; i++) {
    const y = ground - height + (height * 0.92 * i) / tiers;
    const half = (w / 2) * (i / tiers) * 1.05;
    d += `L${f(x + half)} ${f(y)}L${f(x + half * 0.55)} ${f(y - height * 0.04)}`;
  }
  d += `L${f(x + w * 0.06)} ${f(ground)}L${f(x - w * 0.06)} ${f(ground)}`;
  for (let i = tiers; i >= 1; i--) {
    const y = ground - height + (height * 0.92 * i) / tiers;
    const half = (w / 2) * (i / tiers) * 1.05;
    d += `L${f(x - half * 0.55)} ${f(y - height * 0.04)}L${f(x - half)} ${f(y)}`;
  }
  return `${d}Z`;
}

/** A row of conifers along the top edge of a layer. */
function treeLine(c: Canvas, rng: Rng, pts: ReadonlyArray<Pt>, color: string, minH: number, maxH: number, density = 1, x0 = 0, x1 = c.w) {
  const parts: string[] = [];
  let x = x0 - 10;
  while (x < x1 + 10) {
    const h = between(rng, minH, maxH) * c.s;
    parts.push(conifer(x, yAt(pts, x) + h * 0.12, h));
    x += (h * between(rng, 0.18, 0.5)) / density;
  }
  c.body.push(`<path d="${parts.join("")}" fill="${color}"/>`);
}

/** Sagebrush: a rounded, silvery mound of small puffs with a soft contact shadow. */
function sage(c: Canvas, rng: Rng, x: number, ground: number, size: number, color: string, light: string) {
  const blobs: string[] = [];
  const n = 5 + Math.floor(rng() * 4);
  for (let i = 0; i < n; i++) {
    const t = between(rng, -1, 1);
    const cx = x + t * size * 0.42;
    const r = size * between(rng, 0.18, 0.27) * (1 - Math.abs(t) * 0.3);
    blobs.push(`<circle cx="${f(cx)}" cy="${f(ground - r * 0.9 - (1 - Math.abs(t)) * size * between(rng, 0.08, 0.2))}" r="${f(r)}"/>`);
  }
  const fill = vgrad(c, ground - size * 0.6, ground, [light, color]);
  c.body.push(
    `<ellipse cx="${f(x)}" cy="${f(ground)}" rx="${f(size * 0.62)}" ry="${f(size * 0.08)}" fill="#000" opacity="0.12"/>` +
      `<g fill="${fill}">${blobs.join("")}</g>`,
  );
}

/** A band whose top edge is a row of rounded bumps: a field of shrubs seen from afar. */
function scallops(
  c: Canvas,
  rng: Rng,
  y: number,
  bumpW: number,
  bumpH: number,
  colors: ReadonlyArray<string> | ReadonlyArray<Stop>,
  bottom = c.h,
) {
  let d = `M${f(-bumpW)} ${f(bottom)}L${f(-bumpW)} ${f(y)}`;
  let x = -bumpW;
  while (x < c.w + bumpW) {
    const bw = bumpW * between(rng, 0.6, 1.4);
    const bh = bumpH * between(rng, 0.5, 1.3);
    const dip = between(rng, -0.15, 0.25) * bumpH;
    d += `C${f(x + bw * 0.05)} ${f(y - bh)} ${f(x + bw * 0.95)} ${f(y - bh)} ${f(x + bw)} ${f(y + dip)}`;
    x += bw;
  }
  d += `L${f(x)} ${f(bottom)}Z`;
  c.body.push(`<path d="${d}" fill="${vgrad(c, y - bumpH, Math.min(bottom, y + bumpH * 2.5), colors)}"/>`);
}

/** Desert wildflowers: lupine spikes, globemallow sprays, paintbrush, desert marigold. */
function bloom(c: Canvas, rng: Rng, kind: "lupine" | "globemallow" | "paintbrush" | "marigold", x: number, ground: number, size: number) {
  const stem = "#5f7149";
  const leaf = "#7f8f64";
  const out: string[] = [];
  const leaves: string[] = [];
  for (let i = 0; i < 5; i++) {
    const a = lerp(-160, -20, i / 4) * (Math.PI / 180);
    const len = size * between(rng, 0.18, 0.28);
    leaves.push(
      `<ellipse cx="${f(x + Math.cos(a) * len * 0.6)}" cy="${f(ground + Math.sin(a) * len * 0.35)}" rx="${f(len * 0.55)}" ry="${f(len * 0.2)}" transform="rotate(${f((a * 180) / Math.PI)} ${f(x + Math.cos(a) * len * 0.6)} ${f(ground + Math.sin(a) * len * 0.35)})"/>`,
    );
  }
  out.push(`<g fill="${leaf}">${leaves.join("")}</g>`);
  const stems = kind === "globemallow" ? 6 : kind === "marigold" ? 4 : 3;
  for (let i = 0; i < stems; i++) {
    const sx = x + between(rng, -0.22, 0.22) * size;
    const top = ground - size * between(rng, 0.65, 1.05);
    const bend = between(rng, -0.12, 0.12) * size;
    out.push(
      `<path d="M${f(x)} ${f(ground)}Q${f(sx + bend)} ${f((ground + top) / 2)} ${f(sx)} ${f(top)}" stroke="${stem}" stroke-width="${f(Math.max(1, size * 0.022))}" fill="none"/>`,
    );
    if (kind === "lupine" || kind === "paintbrush") {
      const spike = size * (kind === "lupine" ? 0.42 : 0.22);
      const colors = kind === "lupine" ? ["#6e5aa8", "#8d74c4", "#b7a2e0"] : ["#c8402c", "#e0603a", "#f08a4f"];
      const n = kind === "lupine" ? 9 : 5;
      const dots: string[] = [];
      for (let k = 0; k < n; k++) {
        const t = k / (n - 1);
        const r = size * (kind === "lupine" ? 0.055 : 0.07) * (1 - t * 0.55);
        dots.push(
          `<circle cx="${f(sx + between(rng, -0.3, 0.3) * r)}" cy="${f(top + spike - t * spike)}" r="${f(r)}" fill="${colors[Math.min(2, Math.floor(t * 3))]}"/>`,
        );
      }
      out.push(dots.join(""));
    } else if (kind === "globemallow") {
      const dots: string[] = [];
      for (let k = 0; k < 5; k++) {
        const t = between(rng, 0, 0.45);
        dots.push(
          `<circle cx="${f(sx + between(rng, -0.06, 0.06) * size)}" cy="${f(top + t * (ground - top))}" r="${f(size * between(rng, 0.035, 0.05))}"/>`,
        );
      }
      out.push(`<g fill="${pick(rng, ["#e8743a", "#f08c46", "#e2652f"])}">${dots.join("")}</g>`);
    } else {
      const r = size * 0.075;
      const petals: string[] = [];
      for (let k = 0; k < 8; k++) {
        const a = (k / 8) * Math.PI * 2;
        petals.push(
          `<ellipse cx="${f(sx + Math.cos(a) * r)}" cy="${f(top + Math.sin(a) * r * 0.55)}" rx="${f(r * 0.7)}" ry="${f(r * 0.32)}" transform="rotate(${f((a * 180) / Math.PI)} ${f(sx + Math.cos(a) * r)} ${f(top + Math.sin(a) * r * 0.55)})"/>`,
        );
      }
      out.push(
        `<g fill="#f2c230">${petals.join("")}</g><ellipse cx="${f(sx)}" cy="${f(top)}" rx="${f(r * 0.45)}" ry="${f(r * 0.3)}" fill="#c28a1c"/>`,
      );
    }
  }
  c.body.push(out.join(""));
}

/** An aspen: slender pale trunk with dark eyes; an airy crown of several leaf clusters on short branches. */
function aspen(c: Canvas, rng: Rng, x: number, ground: number, hgt: number, leaves: ReadonlyArray<string>, bark: string, eye: string) {
  const tw = Math.max(2, hgt * 0.022);
  const clusters: Array<[number, number, number]> = [];
  const n = 4 + Math.floor(rng() * 3);
  for (let k = 0; k < n; k++) {
    const t = k / (n - 1);
    const cy = ground - hgt * lerp(0.42, 0.93, t);
    const side = k === n - 1 ? 0 : (k % 2 === 0 ? -1 : 1) * between(rng, 0.3, 1);
    clusters.push([x + side * hgt * lerp(0.1, 0.05, t), cy, hgt * between(rng, 0.06, 0.095) * lerp(1.1, 0.75, t)]);
  }
  const branches = clusters.map(([cx, cy]) => `M${f(x)} ${f(cy + hgt * 0.05)}L${f(cx)} ${f(cy)}`).join("");
  c.body.push(
    `<path d="M${f(x - tw / 2)} ${f(ground)}L${f(x - tw * 0.25)} ${f(ground - hgt * 0.95)}L${f(x + tw * 0.25)} ${f(ground - hgt * 0.95)}L${f(x + tw / 2)} ${f(ground)}Z" fill="${bark}"/>` +
      `<path d="${branches}" stroke="${bark}" stroke-width="${f(tw * 0.35)}" stroke-linecap="round"/>`,
  );
  const eyes: string[] = [];
  for (let k = 0; k < 5; k++) {
    eyes.push(
      `<ellipse cx="${f(x)}" cy="${f(ground - hgt * between(rng, 0.06, 0.42))}" rx="${f(tw * 0.45)}" ry="${f(Math.max(0.8, tw * 0.14))}"/>`,
    );
  }
  c.body.push(`<g fill="${eye}">${eyes.join("")}</g>`);
  const base = leaves[1] ?? leaves[0] ?? "#e0b04a";
  c.body.push(
    `<g fill="${base}" opacity="0.8" ${blur(c, hgt * 0.02)}>${clusters.map(([cx, cy, r]) => `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(r * 1.05)}" ry="${f(r * 0.85)}"/>`).join("")}</g>`,
  );
  leaves.forEach((color) => {
    const dots: string[] = [];
    for (const [cx, cy, r] of clusters) {
      for (let i = 0; i < 5; i++) {
        const a = rng() * Math.PI * 2;
        const d = Math.sqrt(rng()) * r;
        dots.push(
          `<circle cx="${f(cx + Math.cos(a) * d * 1.1)}" cy="${f(cy + Math.sin(a) * d * 0.85)}" r="${f(r * between(rng, 0.22, 0.36))}"/>`,
        );
      }
    }
    c.body.push(`<g fill="${color}">${dots.join("")}</g>`);
  });
}

/** A tapered band (trail, road, stream) from the bottom toward a vanishing point. */
function band(
  c: Canvas,
  rng: Rng,
  opts: { x0: number; x1: number; y0: number; y1: number; w0: number; w1: number; wiggle: number; fill: string; turns?: number },
): { left: Pt[]; right: Pt[]; d: string } {
  const left: Pt[] = [];
  const right: Pt[] = [];
  const phase = rng() * Math.PI * 2;
  const n = 24;
  for (let i = 0; i <= n; i++) {
    const t = i / n; // 0 at the bottom (near), 1 at the far end
    const y = lerp(opts.y0, opts.y1, 1 - (1 - t) ** 1.6);
    const cx = lerp(opts.x0, opts.x1, t) + Math.sin(t * Math.PI * (opts.turns ?? 2.2) + phase) * opts.wiggle * (1 - t) ** 0.8;
    const half = lerp(opts.w0, opts.w1, t ** 0.55) / 2;
    left.push([cx - half, y]);
    right.push([cx + half, y]);
  }
  const d = `${smoothPath(left)}L${f((right[n] as Pt)[0])} ${f((right[n] as Pt)[1])}${smoothPath(right.slice().reverse()).replace(/^M/, "L")}Z`;
  c.body.push(`<path d="${d}" fill="${opts.fill}"/>`);
  return { left, right, d };
}

/** Mirror everything drawn since `mark` below the waterline, then tint it. */
function reflect(c: Canvas, mark: number, waterY: number, tint: ReadonlyArray<Stop> | ReadonlyArray<string>, opacity: number) {
  const scene = c.body.slice(mark).join("");
  const clip = clipPath(c, rectPath(0, waterY, c.w, c.h - waterY));
  c.body.push(
    `<g ${clip}><g transform="translate(0 ${f(waterY * 2)}) scale(1 -1)" opacity="${opacity}">${scene}</g>` +
      `<rect x="0" y="${f(waterY)}" width="${c.w}" height="${f(c.h - waterY)}" fill="${vgrad(c, waterY, c.h, tint)}"/></g>`,
  );
}

/** Thin horizontal shimmer lines on water. */
function shimmer(c: Canvas, rng: Rng, y0: number, y1: number, color: string, count: number, opacity = 0.35) {
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const t = rng();
    const y = lerp(y0, y1, t * t);
    const len = between(rng, 30, 160) * c.s * (0.4 + t);
    const x = rng() * c.w;
    parts.push(`<rect x="${f(x)}" y="${f(y)}" width="${f(len)}" height="${f(Math.max(1, 1.4 * c.s * (0.5 + t)))}" rx="1"/>`);
  }
  c.body.push(`<g fill="${color}" opacity="${opacity}">${parts.join("")}</g>`);
}

/** Soft light rays fanning down from a point. */
function rays(c: Canvas, x: number, y: number, color: string, opacity: number, count: number, rng: Rng) {
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const a = lerp(Math.PI * 0.2, Math.PI * 0.8, (i + between(rng, 0.2, 0.8)) / count);
    const spread = between(rng, 0.02, 0.05);
    const len = c.h * 1.4;
    const p1: Pt = [x + Math.cos(a - spread) * len, y + Math.sin(a - spread) * len];
    const p2: Pt = [x + Math.cos(a + spread) * len, y + Math.sin(a + spread) * len];
    parts.push(
      `<path d="M${f(x)} ${f(y)}L${f(p1[0])} ${f(p1[1])}L${f(p2[0])} ${f(p2[1])}Z" opacity="${Math.round(between(rng, 0.4, 1) * 100) / 100}"/>`,
    );
  }
  const fill = radial(
    c,
    [
      [0, color, opacity],
      [1, color, 0],
    ],
    x,
    y,
    c.h * 1.1,
  );
  c.body.push(`<g fill="${fill}" ${blur(c, 10 * c.s)}>${parts.join("")}</g>`);
}

// ---------------------------------------------------------------------------------------------
// Palettes

const P = {
  sandLight: "#ecd3b4",
  sand: "#d9a878",
  sandstone: "#c8794e",
  redRock: "#b4553a",
  deepRed: "#8a3b2a",
  umber: "#5e3326",
  juniper: "#3f5640",
  juniperDark: "#2b3d2f",
  sage: "#9aa88c",
  sageDark: "#6e7d62",
  trunk: "#4a3a2e",
};

// ---------------------------------------------------------------------------------------------
// Scenes: service heroes

type Scene = (c: Canvas, rng: Rng) => void;

/** Common foreground: low juniper-dotted ground. */
function foregroundWithJunipers(
  c: Canvas,
  rng: Rng,
  y: number,
  colors: ReadonlyArray<string>,
  tree: string,
  count: number,
  sizeRange: readonly [number, number],
) {
  const pts = hills(c, rng, y, c.h * 0.025, { n: 14 });
  layer(c, pts, colors);
  for (let i = 0; i < count; i++) {
    const x = between(rng, 0, c.w);
    juniper(c, rng, x, yAt(pts, x) + 4 * c.s, between(rng, sizeRange[0], sizeRange[1]) * c.s, tree, P.trunk);
  }
  return pts;
}

const serviceScenes: Record<string, Scene> = {
  // Dawn, one quiet mesa: a single person, a single steady landmark.
  "individual-counseling": (c, rng) => {
    const { w, h } = c;
    sky(c, [
      [0, "#8fa3c4"],
      [0.45, "#d7b4b5"],
      [0.68, "#f2c9ae"],
      [0.8, "#f8dcbc"],
    ]);
    sun(c, w * 0.7, h * 0.6, 34 * c.s, "#fff4e0", "#ffd3a4", 0.6);
    stratus(c, rng, w * 0.28, h * 0.22, w * 0.5, 10 * c.s, "#f6d3c4", 0.55);
    stratus(c, rng, w * 0.78, h * 0.34, w * 0.35, 7 * c.s, "#fbe0cf", 0.5);
    layer(c, hills(c, rng, h * 0.6, h * 0.035), ["#d8aaa0", "#e0b8a8"]);
    const pts: Pt[] = [[-50, h * 0.66]];
    butte(pts, rng, w * 0.14, w * 0.3, h * 0.4, h * 0.66);
    pts.push([w * 1.05, h * 0.66]);
    const mesa = chaikin(pts, 2);
    const d = layer(c, mesa, ["#c97f66", "#a95d4a"], { smooth: false });
    strata(c, rng, d, h * 0.4, h * 0.66, "#e6a487", "#7d3f31", 0.22);
    sideLight(c, d, w * 0.14, w * 0.62, "#f6c4a0", "#5c2d26", 0.35);
    haze(c, h * 0.67, h * 0.06, "#f3cdb6", 0.5);
    layer(c, hills(c, rng, h * 0.73, h * 0.03), ["#93594a", "#6d4034"]);
    foregroundWithJunipers(c, rng, h * 0.86, ["#5a5443", "#3b382d"], "#2f3a2c", 5, [40, 80]);
  },

  // Two buttes side by side in golden evening light.
  "couples-counseling": (c, rng) => {
    const { w, h } = c;
    sky(c, [
      [0, "#7c93b8"],
      [0.42, "#e6b48e"],
      [0.7, "#f6cf98"],
      [0.78, "#fbe3b8"],
    ]);
    sun(c, w * 0.5, h * 0.58, 30 * c.s, "#fff3d6", "#ffc57a", 0.65);
    stratus(c, rng, w * 0.7, h * 0.2, w * 0.45, 9 * c.s, "#f4c9a4", 0.5);
    stratus(c, rng, w * 0.2, h * 0.3, w * 0.3, 6 * c.s, "#f7d6b4", 0.45);
    layer(c, mesas(c, rng, h * 0.64, h * 0.52, { density: 0.5, vary: 0.5 }), ["#d9a484", "#d29a7d"], { smooth: false });
    haze(c, h * 0.63, h * 0.05, "#f7d2a8", 0.55);
    const pts: Pt[] = [[-50, h * 0.72]];
    let x = butte(pts, rng, w * 0.16, w * 0.1, h * 0.34, h * 0.72, { talus: 0.7 });
    pts.push([x + w * 0.03, h * 0.72]);
    x = butte(pts, rng, x + w * 0.04, w * 0.085, h * 0.38, h * 0.72, { talus: 0.7 });
    pts.push([w * 1.05, h * 0.72]);
    const d = layer(c, chaikin(pts, 2), ["#b95f42", "#8a4232"], { smooth: false });
    strata(c, rng, d, h * 0.34, h * 0.72, "#e39468", "#6d2f24", 0.2);
    sideLight(c, d, w * 0.2, w * 0.75, "#5c2b22", "#f7b27c", 0.3);
    layer(c, hills(c, rng, h * 0.76, h * 0.025), ["#8a5a40", "#6b4532"]);
    foregroundWithJunipers(c, rng, h * 0.88, ["#5c4a38", "#3d3126"], "#2e3427", 4, [40, 70]);
  },

  // Rolling sage hills with a family of junipers.
  "family-counseling": (c, rng) => {
    const { w, h } = c;
    sky(c, [
      [0, "#93b6cf"],
      [0.55, "#d5e2e2"],
      [0.7, "#eef0e4"],
    ]);
    cumulus(c, rng, w * 0.24, h * 0.3, w * 0.22, "#ffffff", "#cfd9de", 0.9);
    cumulus(c, rng, w * 0.72, h * 0.22, w * 0.16, "#ffffff", "#d3dde2", 0.8);
    layer(c, mesas(c, rng, h * 0.58, h * 0.46, { density: 0.55, vary: 0.4 }), ["#b7b3ad", "#c3c0b6"], { smooth: false });
    haze(c, h * 0.58, h * 0.06, "#eef0e4", 0.6);
    layer(c, hills(c, rng, h * 0.62, h * 0.04), ["#a9b495", "#9aa789"]);
    const mid = hills(c, rng, h * 0.7, h * 0.05);
    layer(c, mid, ["#8c9c77", "#7a8a66"]);
    const near = hills(c, rng, h * 0.8, h * 0.045, { n: 12 });
    layer(c, near, ["#6c7d5a", "#55654a"]);
    const cx = w * between(rng, 0.26, 0.34);
    const sizes = [170, 120, 100, 74];
    const offsets = [0, 0.07, -0.06, 0.12];
    sizes.forEach((sz, i) => {
      const x = cx + (offsets[i] ?? 0) * w;
      juniper(c, rng, x, yAt(mid, x) + 4 * c.s, sz * c.s * 0.7, "#4a5e45", "#4f3e30", "#9fb08a");
    });
    for (let i = 0; i < 14; i++) {
      const x = between(rng, 0, w);
      sage(c, rng, x, yAt(near, x) + between(rng, 10, 60) * c.s, between(rng, 24, 40) * c.s, "#5f6e53", "#9aa88c");
    }
    layer(c, hills(c, rng, h * 0.93, h * 0.02), ["#4d5a41", "#3e4936"]);
  },

  // Many ridges at dusk, each distinct, together in one calm whole.
  "group-therapy": (c, rng) => {
    const { w, h } = c;
    sky(c, [
      [0, "#3d3b67"],
      [0.35, "#7d6a9a"],
      [0.6, "#d59c9b"],
      [0.72, "#f0bd9f"],
    ]);
    glow(c, w * 0.55, h * 0.62, w * 0.5, "#ffd0a8", 0.45);
    stratus(c, rng, w * 0.3, h * 0.28, w * 0.5, 8 * c.s, "#d9a6b4", 0.45);
    stratus(c, rng, w * 0.75, h * 0.4, w * 0.4, 6 * c.s, "#f2b9a8", 0.4);
    const colors: Array<[string, string]> = [
      ["#c99fae", "#c29aaa"],
      ["#a7849f", "#9e7c98"],
      ["#84668a", "#7a5f82"],
      ["#614c70", "#584565"],
      ["#433654", "#3a2f4a"],
    ];
    colors.forEach(([a, b], i) => {
      layer(c, hills(c, rng, h * (0.58 + i * 0.085), h * (0.03 + i * 0.01), { n: 16 }), [a, b]);
      if (i < 3) haze(c, h * (0.6 + i * 0.085), h * 0.05, "#f0bd9f", 0.25 - i * 0.06);
    });
  },

  // Night over the valley; a scattering of warm town lights: connection from afar.
  "telehealth-therapy": (c, rng) => {
    const { w, h } = c;
    sky(c, [
      [0, "#0d1530"],
      [0.45, "#1f2c55"],
      [0.7, "#3f4673"],
      [0.78, "#6a5b80"],
    ]);
    stars(c, rng, 260, h * 0.6);
    glow(c, w * 0.78, h * 0.18, 60 * c.s, "#dfe6ff", 0.25);
    c.body.push(`<circle cx="${f(w * 0.78)}" cy="${f(h * 0.18)}" r="${f(16 * c.s)}" fill="#f3f1e6"/>`);
    c.body.push(`<circle cx="${f(w * 0.78 + 7 * c.s)}" cy="${f(h * 0.18 - 4 * c.s)}" r="${f(15 * c.s)}" fill="#192550"/>`);
    glow(c, w * 0.5, h * 0.66, w * 0.6, "#8a6f98", 0.4);
    layer(c, mesas(c, rng, h * 0.66, h * 0.5, { density: 0.55 }), ["#353c68", "#2c3258"], { smooth: false });
    haze(c, h * 0.66, h * 0.08, "#7d6e96", 0.4);
    const valley = hills(c, rng, h * 0.72, h * 0.012);
    layer(c, valley, ["#1d2242", "#181c36"]);
    const lights: string[] = [];
    for (let i = 0; i < 70; i++) {
      const x = w * between(rng, 0.3, 0.75) + between(rng, -1, 1) * w * 0.06;
      const y = yAt(valley, x) + between(rng, 4, 28) * c.s;
      lights.push(
        `<circle cx="${f(x)}" cy="${f(y)}" r="${f(between(rng, 1.2, 2.4) * c.s)}" opacity="${Math.round(between(rng, 0.5, 1) * 100) / 100}"/>`,
      );
    }
    glow(c, w * 0.52, h * 0.74, w * 0.22, "#ffcf8a", 0.18);
    c.body.push(`<g fill="#ffd89a">${lights.join("")}</g>`);
    layer(c, hills(c, rng, h * 0.84, h * 0.03), ["#141830", "#0f1226"]);
  },

  // A trail climbing toward a sunlit plateau on a clear morning.
  "life-skills-coaching": (c, rng) => {
    const { w, h } = c;
    sky(c, [
      [0, "#6d9fcb"],
      [0.5, "#b7d3e6"],
      [0.7, "#e6eef0"],
    ]);
    sun(c, w * 0.16, h * 0.16, 26 * c.s, "#fffdf3", "#fff2cf", 0.5);
    cumulus(c, rng, w * 0.6, h * 0.2, w * 0.14, "#ffffff", "#d9e4ea", 0.85);
    layer(c, mesas(c, rng, h * 0.58, h * 0.48, { density: 0.5 }), ["#c9b4a6", "#c8b3a3"], { smooth: false });
    const pts: Pt[] = [[-50, h * 0.7]];
    pts.push([w * 0.45, h * 0.69]);
    butte(pts, rng, w * 0.5, w * 0.5, h * 0.3, h * 0.7, { talus: 1.2 });
    const d = layer(c, chaikin(pts, 2), ["#dc9f6f", "#b96e48"], { smooth: false });
    strata(c, rng, d, h * 0.3, h * 0.7, "#f2c093", "#94502f", 0.22);
    sideLight(c, d, w * 0.5, w * 1.1, "#ffd9ad", "#6b3220", 0.3);
    const ground = hills(c, rng, h * 0.76, h * 0.03);
    layer(c, ground, ["#b39a74", "#9c8360"]);
    band(c, rng, {
      x0: w * 0.28,
      x1: w * 0.58,
      y0: h * 1.02,
      y1: h * 0.72,
      w0: w * 0.11,
      w1: w * 0.008,
      wiggle: w * 0.08,
      fill: "#e2c9a1",
    });
    for (let i = 0; i < 16; i++) {
      const x = between(rng, 0, w);
      const y = between(rng, h * 0.8, h * 1.02);
      sage(c, rng, x, y, between(rng, 20, 46) * c.s * (y / h), "#6b7558", "#a4ad8e");
    }
    juniper(c, rng, w * 0.86, h * 0.98, 150 * c.s, "#3c4e3a", P.trunk, "#8fa07c");
  },

  // Still mountain lake mirroring red cliffs.
  "alternative-therapies": (c, rng) => {
    const { w, h } = c;
    const water = h * 0.62;
    const mark = c.body.length;
    sky(
      c,
      [
        [0, "#98b3c7"],
        [0.45, "#cdc3d3"],
        [0.62, "#eed7d2"],
      ],
      water,
    );
    stratus(c, rng, w * 0.35, h * 0.2, w * 0.5, 9 * c.s, "#f1dde0", 0.55);
    layer(
      c,
      ridge(
        rng,
        [
          [-20, h * 0.52],
          [w * 0.3, h * 0.42],
          [w * 0.62, h * 0.48],
          [w + 20, h * 0.4],
        ],
        0.12,
        5,
      ),
      ["#a3a3b8", "#aaa6ba"],
      { bottom: water, smooth: false },
    );
    const m = mesas(c, rng, water, h * 0.38, { density: 0.7, vary: 0.25 });
    const d = layer(c, m, ["#c27a63", "#a85f4c"], { smooth: false, bottom: water });
    strata(c, rng, d, h * 0.38, water, "#e6a68a", "#7e4034", 0.2);
    treeLine(
      c,
      rng,
      m.map(([x, y]) => [x, Math.max(y, water - 6 * c.s)] as Pt),
      "#3d4a3e",
      10,
      22,
      1.6,
    );
    haze(c, water - 2, h * 0.03, "#efd9d3", 0.5);
    reflect(
      c,
      mark,
      water,
      [
        [0, "#bfc8d4", 0.35],
        [1, "#6f8596", 0.85],
      ],
      0.75,
    );
    shimmer(c, rng, water + 4, h, "#f4e6e4", 40, 0.3);
    layer(c, hills(c, rng, h * 0.95, h * 0.02), ["#3c4a3a", "#2e392d"]);
  },

  // Layered cliffs with clear bands: white Navajo sandstone above red Kayenta, clear air.
  "mental-health-assessments": (c, rng) => {
    const { w, h } = c;
    sky(c, [
      [0, "#8fb7d6"],
      [0.55, "#cfe0ea"],
      [0.7, "#eef2ef"],
    ]);
    stratus(c, rng, w * 0.7, h * 0.18, w * 0.4, 7 * c.s, "#ffffff", 0.6);
    const far = mesas(c, rng, h * 0.6, h * 0.42, { density: 0.7, vary: 0.2, minW: 0.15 });
    const d1 = layer(c, far, ["#e6d5c0", "#d8b89c"], { smooth: false });
    strata(c, rng, d1, h * 0.42, h * 0.6, "#f6ecdf", "#b78b6c", 0.25);
    haze(c, h * 0.6, h * 0.05, "#eef2ef", 0.5);
    const mid = mesas(c, rng, h * 0.74, h * 0.5, { density: 0.6, vary: 0.25, minW: 0.12 });
    const d2 = layer(c, mid, ["#d08c62", "#b2633f"], { smooth: false });
    strata(c, rng, d2, h * 0.5, h * 0.74, "#eab28b", "#873f27", 0.28);
    sideLight(c, d2, 0, w, "#fff0dc", "#4d2418", 0.18);
    const near = hills(c, rng, h * 0.84, h * 0.03);
    layer(c, near, ["#8d6a4e", "#6e5240"]);
    for (let i = 0; i < 7; i++) {
      const x = between(rng, 0, w);
      juniper(c, rng, x, yAt(near, x) + 6 * c.s, between(rng, 36, 70) * c.s, P.juniper, P.trunk);
    }
    layer(c, hills(c, rng, h * 0.95, h * 0.015), ["#5d4a3b", "#4c3d31"]);
  },

  // Dreamlike indigo-to-rose twilight over soft hills.
  "ketamine-treatment": (c, rng) => {
    const { w, h } = c;
    sky(c, [
      [0, "#262957"],
      [0.35, "#58498a"],
      [0.6, "#c1849f"],
      [0.74, "#f1b8a2"],
    ]);
    stars(c, rng, 70, h * 0.35, "#f5eeff");
    for (let i = 0; i < 3; i++) {
      const y = h * (0.2 + i * 0.1);
      const fill = linear(
        c,
        [
          [0, "#9fd3d0", 0],
          [0.5, i === 1 ? "#e2b6e6" : "#a8d8d4", 0.32],
          [1, "#9fd3d0", 0],
        ],
        0,
        0,
        w,
        0,
      );
      c.body.push(
        `<path d="M${f(-50)} ${f(y)}C${f(w * 0.3)} ${f(y - h * 0.12)} ${f(w * 0.6)} ${f(y + h * 0.12)} ${f(w + 50)} ${f(y - h * 0.04)}L${f(w + 50)} ${f(y + 16 * c.s)}C${f(w * 0.6)} ${f(y + h * 0.14)} ${f(w * 0.3)} ${f(y - h * 0.1)} ${f(-50)} ${f(y + 16 * c.s)}Z" fill="${fill}" ${blur(c, 14 * c.s)}/>`,
      );
    }
    glow(c, w * 0.5, h * 0.7, w * 0.45, "#ffc9b0", 0.35);
    const colors: Array<[string, string]> = [
      ["#9b7da7", "#917499"],
      ["#6d5890", "#634f84"],
      ["#4a3c72", "#413566"],
      ["#2f2752", "#282145"],
    ];
    colors.forEach(([a, b], i) => {
      layer(c, hills(c, rng, h * (0.64 + i * 0.09), h * 0.05, { n: 12, detail: 0.2, freq: 0.8 }), [a, b]);
      if (i < 2) haze(c, h * (0.66 + i * 0.09), h * 0.05, "#f1b8a2", 0.22);
    });
  },

  // Snow-capped Brian Head on a clear winter morning.
  "court-ordered-evaluations": (c, rng) => {
    const { w, h } = c;
    sky(c, [
      [0, "#6f9cc8"],
      [0.55, "#bcd4e6"],
      [0.72, "#e6eef3"],
    ]);
    stratus(c, rng, w * 0.25, h * 0.18, w * 0.4, 7 * c.s, "#ffffff", 0.55);
    const peakX = w * 0.58;
    const peakY = h * 0.22;
    const base = h * 0.68;
    layer(
      c,
      ridge(
        rng,
        [
          [-40, h * 0.5],
          [w * 0.2, h * 0.42],
          [w * 0.36, h * 0.47],
          [w + 40, h * 0.44],
        ],
        0.05,
        5,
      ),
      ["#a9b9cc", "#b8c6d4"],
      { smooth: false, bottom: base },
    );
    const mountain = ridge(
      rng,
      [
        [-40, h * 0.58],
        [w * 0.3, h * 0.5],
        [w * 0.48, h * 0.32],
        [peakX, peakY],
        [w * 0.7, h * 0.33],
        [w * 0.86, h * 0.46],
        [w + 40, h * 0.52],
      ],
      0.05,
      6,
    );
    const d = layer(c, mountain, ["#7f8da3", "#5f6c82"], { smooth: false, bottom: base });
    const snowLine = ridge(
      rng,
      [
        [-40, h * 0.56],
        [w * 0.34, h * 0.5],
        [w * 0.5, h * 0.4],
        [peakX, h * 0.36],
        [w * 0.7, h * 0.42],
        [w * 0.9, h * 0.5],
        [w + 40, h * 0.54],
      ],
      0.04,
      6,
    );
    const snow = `${polyPath(snowLine).replace(/Z$/, "")}L${w + 40} -10L-40 -10Z`;
    const streaks: string[] = [];
    for (let i = 0; i < 9; i++) {
      const sx = w * between(rng, 0.4, 0.8);
      const sy = yAt(snowLine, sx) - 4 * c.s;
      const len = between(rng, 15, 80) * c.s;
      const half = between(rng, 3, 12) * c.s;
      streaks.push(
        `M${f(sx - half)} ${f(sy)}Q${f(sx - half * 0.3)} ${f(sy + len * 0.6)} ${f(sx + between(rng, -4, 4) * c.s)} ${f(sy + len)}Q${f(sx + half * 0.3)} ${f(sy + len * 0.6)} ${f(sx + half)} ${f(sy)}Z`,
      );
    }
    c.body.push(`<g ${clipPath(c, d)}><path d="${snow}${streaks.join("")}" fill="${vgrad(c, peakY, h * 0.55, ["#ffffff", "#e2eaf3"])}"/>`);
    const shadow = ridge(
      rng,
      [
        [peakX, peakY],
        [peakX + w * 0.03, h * 0.38],
        [peakX + w * 0.01, base],
      ],
      0.08,
      5,
    );
    c.body.push(`<path d="${polyPath([...shadow, [w + 40, base], [w + 40, -10], [peakX, -10]])}" fill="#4d5f80" opacity="0.22"/></g>`);
    haze(c, h * 0.68, h * 0.1, "#e6eef3", 0.55);
    const hill = hills(c, rng, h * 0.72, h * 0.03);
    layer(c, hill, ["#e9eff4", "#d6e1ea"]);
    treeLine(c, rng, hill, "#33483f", 22, 56, 0.7);
    const near = hills(c, rng, h * 0.86, h * 0.03);
    layer(c, near, ["#f5f8fa", "#dde6ee"]);
    for (let i = 0; i < 9; i++) {
      const x = between(rng, 0, w);
      c.body.push(`<path d="${conifer(x, yAt(near, x) + 8 * c.s, between(rng, 70, 150) * c.s)}" fill="#2c3f37"/>`);
    }
    glow(c, w * 0.5, h * 1.1, w * 0.5, "#9fb4c9", 0.25);
  },

  // Warm light breaking through clouds into a sheltering canyon.
  "domestic-violence-treatment": (c, rng) => {
    const { w, h } = c;
    sky(c, [
      [0, "#5a6080"],
      [0.3, "#b88d8c"],
      [0.55, "#f2b184"],
      [0.7, "#ffe0b0"],
    ]);
    const sx = w * 0.52;
    const sy = h * 0.5;
    glow(c, sx, sy, w * 0.45, "#ffe2b2", 0.7);
    rays(c, sx, sy - h * 0.15, "#fff1d2", 0.35, 9, rng);
    stratus(c, rng, w * 0.18, h * 0.16, w * 0.55, 22 * c.s, "#6e6a84", 0.7);
    stratus(c, rng, w * 0.86, h * 0.2, w * 0.5, 20 * c.s, "#7b6f86", 0.65);
    stratus(c, rng, w * 0.3, h * 0.33, w * 0.4, 10 * c.s, "#e9a98c", 0.55);
    stratus(c, rng, w * 0.78, h * 0.36, w * 0.35, 9 * c.s, "#f3b994", 0.5);
    c.body.push(`<circle cx="${f(sx)}" cy="${f(sy)}" r="${f(28 * c.s)}" fill="#fff6e4"/>`);
    layer(c, hills(c, rng, h * 0.6, h * 0.02), ["#e4a487", "#dfa085"]);
    haze(c, h * 0.6, h * 0.05, "#ffd9b0", 0.6);
    const left: Pt[] = chaikin(
      [
        [-40, h * 0.2],
        [w * 0.12, h * 0.22],
        [w * 0.16, h * 0.36],
        [w * 0.26, h * 0.4],
        [w * 0.3, h * 0.58],
        [w * 0.4, h * 0.66],
        [w * 0.5, h * 0.75],
        [w * 0.5, h + 10],
        [-40, h + 10],
      ],
      2,
    );
    const right: Pt[] = chaikin(
      [
        [w + 40, h * 0.28],
        [w * 0.9, h * 0.3],
        [w * 0.86, h * 0.42],
        [w * 0.76, h * 0.46],
        [w * 0.72, h * 0.6],
        [w * 0.62, h * 0.68],
        [w * 0.52, h * 0.78],
        [w * 0.52, h + 10],
        [w + 40, h + 10],
      ],
      2,
    );
    const dl = `${polyPath(left)}`;
    const dr = `${polyPath(right)}`;
    c.body.push(`<path d="${dl}" fill="${vgrad(c, h * 0.2, h, ["#a7543d", "#6d3227"])}"/>`);
    strata(c, rng, dl, h * 0.2, h, "#dd8a62", "#5a2820", 0.2);
    sideLight(c, dl, 0, w * 0.5, "#3a1a16", "#ffb98a", 0.45);
    c.body.push(`<path d="${dr}" fill="${vgrad(c, h * 0.28, h, ["#9c4c37", "#632d23"])}"/>`);
    strata(c, rng, dr, h * 0.28, h, "#d98660", "#55251d", 0.2);
    sideLight(c, dr, w * 0.5, w, "#ffb98a", "#3a1a16", 0.45);
    const floor = hills(c, rng, h * 0.9, h * 0.02);
    layer(c, floor, ["#6a4a36", "#4a3428"]);
    juniper(c, rng, w * 0.44, yAt(floor, w * 0.44) + 4 * c.s, 60 * c.s, "#3a4533", P.trunk);
    juniper(c, rng, w * 0.6, yAt(floor, w * 0.6) + 4 * c.s, 46 * c.s, "#3a4533", P.trunk);
  },

  // A golden meadow framed by aspens: companionship, ease.
  "esa-letters": (c, rng) => {
    const { w, h } = c;
    sky(c, [
      [0, "#8fbbd9"],
      [0.55, "#d8e6e6"],
      [0.7, "#f3ecd6"],
    ]);
    stratus(c, rng, w * 0.55, h * 0.2, w * 0.5, 9 * c.s, "#ffffff", 0.6);
    stratus(c, rng, w * 0.25, h * 0.3, w * 0.3, 6 * c.s, "#ffffff", 0.45);
    const far = hills(c, rng, h * 0.55, h * 0.05);
    layer(c, far, ["#8ea4a6", "#9cb0ad"]);
    treeLine(c, rng, far, "#8097a0", 10, 22, 1.2);
    haze(c, h * 0.6, h * 0.08, "#efe6cc", 0.6);
    const mid = hills(c, rng, h * 0.63, h * 0.025);
    layer(c, mid, ["#c9bb78", "#b9aa66"]);
    for (let i = 0; i < 5; i++) {
      const t = i / 4;
      const y = lerp(h * 0.68, h * 0.93, t ** 1.2);
      const bw = lerp(30, 160, t * t) * c.s;
      const base = mix("#cdb769", "#b1963f", t);
      scallops(c, rng, y, bw, bw * 0.16, [mix(base, "#fff3c8", 0.22), base, mix(base, "#6b5520", 0.12)]);
    }
    for (const [x0, x1] of [
      [-0.02, 0.24],
      [0.78, 1.02],
    ] as const) {
      const trees: Array<[number, number]> = [];
      for (let i = 0; i < 11; i++) trees.push([w * between(rng, x0, x1), rng()]);
      trees.sort((a, b) => a[1] - b[1]);
      for (const [x, depth] of trees) {
        const ground = yAt(mid, x) + lerp(4, 120, depth) * c.s;
        const fade = (1 - depth) * 0.45;
        const leaves = ["#c98f2e", "#e0b04a", "#f2d476"].map((col) => mix(col, "#efe6c9", fade));
        aspen(c, rng, x, ground, lerp(240, 500, depth) * c.s, leaves, mix("#f3efe6", "#d9d4c4", fade), mix("#4a4036", "#cfc7b4", fade));
      }
    }
  },
};

// ---------------------------------------------------------------------------------------------
// Scenes: general images

function balloon(c: Canvas, x: number, y: number, size: number, colors: ReadonlyArray<string>, fade: number, skyColor: string) {
  const r = size / 2;
  const d = `M${f(x)} ${f(y + r * 1.45)}C${f(x - r * 0.5)} ${f(y + r * 1.1)} ${f(x - r * 1.02)} ${f(y + r * 0.6)} ${f(x - r)} ${f(y)}A${f(r)} ${f(r)} 0 0 1 ${f(x + r)} ${f(y)}C${f(x + r * 1.02)} ${f(y + r * 0.6)} ${f(x + r * 0.5)} ${f(y + r * 1.1)} ${f(x)} ${f(y + r * 1.45)}Z`;
  const stripes: string[] = [];
  const n = colors.length * 2;
  for (let i = 0; i < n; i++) {
    const x0 = x - r + (i * 2 * r) / n;
    stripes.push(
      `<rect x="${f(x0)}" y="${f(y - r)}" width="${f((2 * r) / n + 0.5)}" height="${f(r * 2.6)}" fill="${mix(colors[i % colors.length] ?? "#ffffff", skyColor, fade)}"/>`,
    );
  }
  const shade = linear(
    c,
    [
      [0, "#ffffff", 0.25],
      [0.45, "#ffffff", 0],
      [1, "#000000", 0.25],
    ],
    x - r,
    0,
    x + r,
    0,
  );
  c.body.push(
    `<g ${clipPath(c, d)}>${stripes.join("")}<rect x="${f(x - r)}" y="${f(y - r)}" width="${f(2 * r)}" height="${f(r * 2.6)}" fill="${shade}"/></g>`,
  );
  const basket = mix("#6b4a32", skyColor, fade);
  c.body.push(
    `<path d="M${f(x - r * 0.2)} ${f(y + r * 1.42)}L${f(x - r * 0.12)} ${f(y + r * 1.75)}M${f(x + r * 0.2)} ${f(y + r * 1.42)}L${f(x + r * 0.12)} ${f(y + r * 1.75)}" stroke="${basket}" stroke-width="${f(Math.max(0.8, r * 0.03))}"/>` +
      `<rect x="${f(x - r * 0.14)}" y="${f(y + r * 1.75)}" width="${f(r * 0.28)}" height="${f(r * 0.22)}" rx="${f(r * 0.03)}" fill="${basket}"/>`,
  );
}

/** An open-window landscape used by the interior scenes. */
function windowView(c: Canvas, rng: Rng, x: number, y: number, ww: number, wh: number) {
  const clip = clipPath(c, rectPath(x, y, ww, wh));
  c.body.push(`<g ${clip}>`);
  c.body.push(
    `<rect x="${f(x)}" y="${f(y)}" width="${f(ww)}" height="${f(wh)}" fill="${vgrad(c, y, y + wh, ["#93b9d6", "#d9e6ea", "#f3e7d3"])}"/>`,
  );
  cumulus(c, rng, x + ww * 0.3, y + wh * 0.28, ww * 0.25, "#ffffff", "#d9e2e7", 0.85);
  const sub = createCanvas(ww, wh);
  const pts = mesas(sub, rng, wh * 0.72, wh * 0.42, { density: 0.65, vary: 0.3, minW: 0.12 }).map(([px, py]) => [px + x, py + y] as Pt);
  const d = layer(c, pts, ["#cf8a66", "#a9593f"], { smooth: false, bottom: y + wh });
  strata(c, rng, d, y + wh * 0.42, y + wh * 0.72, "#efb28e", "#7b3a2a", 0.2);
  const g = hills(sub, rng, wh * 0.8, wh * 0.03).map(([px, py]) => [px + x, py + y] as Pt);
  layer(c, g, ["#8b9a74", "#6f7d5c"], { bottom: y + wh });
  c.body.push("</g>");
}

function leafyPlant(c: Canvas, rng: Rng, x: number, ground: number, size: number, leaf: string, leafLight: string, pot: string) {
  const leaves: string[] = [];
  for (let i = 0; i < 14; i++) {
    const a = lerp(-150, -30, (i + between(rng, 0, 1)) / 14);
    const len = size * between(rng, 0.55, 0.95);
    const rad = (a * Math.PI) / 180;
    const tipX = x + Math.cos(rad) * len;
    const tipY = ground - size * 0.35 + Math.sin(rad) * len;
    const bx = x;
    const by = ground - size * 0.35;
    const nx = -Math.sin(rad) * len * 0.16;
    const ny = Math.cos(rad) * len * 0.16;
    const mx = (bx + tipX) / 2;
    const my = (by + tipY) / 2;
    leaves.push(
      `<path d="M${f(bx)} ${f(by)}Q${f(mx + nx)} ${f(my + ny)} ${f(tipX)} ${f(tipY)}Q${f(mx - nx)} ${f(my - ny)} ${f(bx)} ${f(by)}Z" fill="${i % 3 === 0 ? leafLight : leaf}"/>`,
    );
  }
  c.body.push(leaves.join(""));
  const pw = size * 0.42;
  c.body.push(
    `<path d="M${f(x - pw / 2)} ${f(ground - size * 0.38)}H${f(x + pw / 2)}L${f(x + pw * 0.38)} ${f(ground)}H${f(x - pw * 0.38)}Z" fill="${pot}"/>`,
  );
}

const generalScenes: Record<string, Scene> = {
  "home-hero": (c, rng) => {
    const { w, h } = c;
    sky(c, [
      [0, "#7f97bd"],
      [0.35, "#c7a9b3"],
      [0.58, "#f1c0a0"],
      [0.68, "#fbdcb4"],
    ]);
    sun(c, w * 0.62, h * 0.56, 30 * c.s, "#fff5df", "#ffcd96", 0.65);
    stratus(c, rng, w * 0.25, h * 0.2, w * 0.55, 10 * c.s, "#f3cfc3", 0.5);
    stratus(c, rng, w * 0.8, h * 0.3, w * 0.4, 7 * c.s, "#fad9c4", 0.45);
    layer(c, mesas(c, rng, h * 0.6, h * 0.47, { density: 0.6, vary: 0.35 }), ["#d3a193", "#d8a893"], { smooth: false });
    haze(c, h * 0.6, h * 0.05, "#fbd9b6", 0.5);
    const mid = mesas(c, rng, h * 0.7, h * 0.42, { density: 0.55, vary: 0.35, minW: 0.1 });
    const d = layer(c, mid, ["#c67455", "#9f4f3a"], { smooth: false });
    strata(c, rng, d, h * 0.42, h * 0.7, "#eea17a", "#76352a", 0.22);
    sideLight(c, d, 0, w, "#5b281f", "#ffc394", 0.25);
    haze(c, h * 0.71, h * 0.05, "#f6c7a4", 0.35);
    const valley = hills(c, rng, h * 0.76, h * 0.02);
    layer(c, valley, ["#8d6f55", "#715843"]);
    foregroundWithJunipers(c, rng, h * 0.88, ["#55503f", "#3a372c"], "#2e3a2c", 6, [40, 90]);
  },

  "office-window-view": (c, rng) => {
    const { w, h } = c;
    c.body.push(
      `<rect width="${w}" height="${h}" fill="${linear(
        c,
        [
          [0, "#efe3d2"],
          [1, "#e2d1bb"],
        ],
        0,
        0,
        w,
        h,
      )}"/>`,
    );
    const wx = w * 0.3;
    const wy = h * 0.12;
    const ww = w * 0.56;
    const wh = h * 0.56;
    glow(c, wx + ww / 2, wy + wh / 2, w * 0.55, "#fff6e6", 0.55);
    windowView(c, rng, wx, wy, ww, wh);
    const frame = "#f7f2ea";
    const t = 16 * c.s;
    c.body.push(
      `<path d="${rectPath(wx - t, wy - t, ww + 2 * t, wh + 2 * t)}${rectPath(wx, wy, ww, wh)}" fill="${frame}" fill-rule="evenodd"/>` +
        `<rect x="${f(wx + ww / 2 - t / 3)}" y="${f(wy)}" width="${f((t * 2) / 3)}" height="${f(wh)}" fill="${frame}"/>` +
        `<rect x="${f(wx - t * 2)}" y="${f(wy + wh + t)}" width="${f(ww + 4 * t)}" height="${f(t * 1.4)}" fill="#f0e6d8"/>` +
        `<rect x="${f(wx - t * 2)}" y="${f(wy + wh + t * 2.4)}" width="${f(ww + 4 * t)}" height="${f(t * 0.8)}" fill="#c9b79f" opacity="0.5"/>`,
    );
    // A sheer curtain on the left.
    const cx = wx - t * 2.5;
    const curtain = linear(
      c,
      [
        [0, "#ffffff", 0.55],
        [0.5, "#f4eadc", 0.8],
        [1, "#ffffff", 0.5],
      ],
      cx - 60 * c.s,
      0,
      cx + 90 * c.s,
      0,
    );
    c.body.push(
      `<path d="M${f(cx - 60 * c.s)} ${f(wy - t * 2)}H${f(cx + 90 * c.s)}C${f(cx + 110 * c.s)} ${f(h * 0.5)} ${f(cx + 70 * c.s)} ${f(h * 0.8)} ${f(cx + 100 * c.s)} ${f(h * 0.95)}H${f(cx - 70 * c.s)}C${f(cx - 50 * c.s)} ${f(h * 0.7)} ${f(cx - 80 * c.s)} ${f(h * 0.4)} ${f(cx - 60 * c.s)} ${f(wy - t * 2)}Z" fill="${curtain}"/>`,
    );
    c.body.push(
      `<rect x="0" y="${f(h * 0.86)}" width="${w}" height="${f(h * 0.14)}" fill="${vgrad(c, h * 0.86, h, ["#b8957a", "#9f7c62"])}"/>`,
    );
    c.body.push(`<rect x="0" y="${f(h * 0.86)}" width="${w}" height="${f(4 * c.s)}" fill="#d8bda2"/>`);
    // Armchair silhouette, soft sage.
    const ax = w * 0.1;
    const ay = h * 0.88;
    c.body.push(
      `<path d="M${f(ax)} ${f(ay)}V${f(ay - 150 * c.s)}Q${f(ax)} ${f(ay - 330 * c.s)} ${f(ax + 130 * c.s)} ${f(ay - 330 * c.s)}Q${f(ax + 260 * c.s)} ${f(ay - 330 * c.s)} ${f(ax + 260 * c.s)} ${f(ay - 150 * c.s)}V${f(ay)}Z" fill="#8f9f86"/>` +
        `<rect x="${f(ax - 30 * c.s)}" y="${f(ay - 170 * c.s)}" width="${f(320 * c.s)}" height="${f(120 * c.s)}" rx="${f(40 * c.s)}" fill="#7d8e74"/>` +
        `<rect x="${f(ax + 10 * c.s)}" y="${f(ay - 60 * c.s)}" width="${f(12 * c.s)}" height="${f(60 * c.s)}" fill="#5e4a3a"/><rect x="${f(ax + 238 * c.s)}" y="${f(ay - 60 * c.s)}" width="${f(12 * c.s)}" height="${f(60 * c.s)}" fill="#5e4a3a"/>`,
    );
    leafyPlant(c, rng, w * 0.88, h * 0.9, 250 * c.s, "#5d7a55", "#7f9a6e", "#c9a27f");
    c.body.push(
      `<ellipse cx="${f(wx + ww * 0.8)}" cy="${f(wy + wh + t * 0.9)}" rx="${f(40 * c.s)}" ry="${f(6 * c.s)}" fill="#000" opacity="0.08"/>`,
    );
    c.body.push(
      `<path d="M${f(wx + ww * 0.8 - 22 * c.s)} ${f(wy + wh + t)}V${f(wy + wh - 30 * c.s)}H${f(wx + ww * 0.8 + 22 * c.s)}V${f(wy + wh + t)}Z" fill="#d4b79a"/>`,
    );
    c.body.push(`<path d="${conifer(wx + ww * 0.8, wy + wh - 28 * c.s, 70 * c.s, 0.2)}" fill="#6f8a6a"/>`);
  },

  "contact-hero": (c, rng) => {
    const { w, h } = c;
    sky(c, [
      [0, "#7f9dc2"],
      [0.45, "#e2b897"],
      [0.62, "#f8d8a8"],
    ]);
    sun(c, w * 0.38, h * 0.5, 26 * c.s, "#fff3d6", "#ffca82", 0.6);
    stratus(c, rng, w * 0.7, h * 0.22, w * 0.5, 9 * c.s, "#f3c8a8", 0.5);
    layer(c, hills(c, rng, h * 0.5, h * 0.05), ["#b59aa0", "#b9a0a0"]);
    haze(c, h * 0.53, h * 0.06, "#f8d8a8", 0.5);
    const mid = mesas(c, rng, h * 0.62, h * 0.46, { density: 0.5, vary: 0.3 });
    const d = layer(c, mid, ["#c98561", "#a86445"], { smooth: false });
    strata(c, rng, d, h * 0.46, h * 0.62, "#efb089", "#7d3f2c", 0.2);
    const field = hills(c, rng, h * 0.66, h * 0.01);
    layer(c, field, [
      [0, "#b2a06e"],
      [0.4, "#8f8a5e"],
      [1, "#6a6a47"],
    ]);
    band(c, rng, {
      x0: w * 0.5,
      x1: w * 0.44,
      y0: h * 1.02,
      y1: h * 0.655,
      w0: w * 0.32,
      w1: w * 0.004,
      wiggle: w * 0.07,
      fill: vgrad(c, h * 0.65, h, ["#a79b8e", "#6f6a66"]),
    });
    band(c, rng, { x0: w * 0.5, x1: w * 0.44, y0: h * 1.02, y1: h * 0.655, w0: w * 0.006, w1: 0.5, wiggle: 0, fill: "#f3dcae" });
    for (let i = 0; i < 18; i++) {
      const x = between(rng, 0, w);
      const y = between(rng, h * 0.7, h * 1.02);
      if (Math.abs(x - w * 0.48) < w * 0.1 * (y / h) + 40 * c.s) continue;
      sage(c, rng, x, y, between(rng, 16, 44) * c.s * (y / h), "#5c6446", "#98a07c");
    }
    for (const x of [w * 0.1, w * 0.84]) juniper(c, rng, x, h * 0.94, 120 * c.s, "#35432f", P.trunk, "#859673");
  },

  "resources-books": (c, rng) => {
    const { w, h } = c;
    c.body.push(
      `<rect width="${w}" height="${h}" fill="${linear(
        c,
        [
          [0, "#eadfcd"],
          [1, "#dccab1"],
        ],
        0,
        0,
        w,
        h,
      )}"/>`,
    );
    const wx = w * 0.1;
    const wy = h * 0.06;
    const ww = w * 0.8;
    const wh = h * 0.5;
    windowView(c, rng, wx, wy, ww, wh);
    const t = 16 * c.s;
    const frame = "#f6f0e6";
    c.body.push(
      `<path d="${rectPath(wx - t, wy - t, ww + 2 * t, wh + 2 * t)}${rectPath(wx, wy, ww, wh)}" fill="${frame}" fill-rule="evenodd"/>` +
        `<rect x="${f(wx + ww / 2 - t / 3)}" y="${f(wy)}" width="${f((t * 2) / 3)}" height="${f(wh)}" fill="${frame}"/>`,
    );
    glow(c, w * 0.5, h * 0.35, w * 0.6, "#fff6e6", 0.25);
    // Table top seen slightly from above, then its front edge.
    const top = h * 0.64;
    c.body.push(`<path d="M0 ${f(top)}H${w}V${f(h * 0.86)}H0Z" fill="${vgrad(c, top, h * 0.86, ["#c9a27e", "#b48a66"])}"/>`);
    c.body.push(`<path d="M0 ${f(h * 0.86)}H${w}V${h}H0Z" fill="${vgrad(c, h * 0.86, h, ["#8f6a4e", "#7a5940"])}"/>`);
    // A stack of books: cover, cream page block, a spine band.
    const colors = ["#7f4536", "#5d6f58", "#c7954f", "#46586e", "#a4654c"];
    let y = h * 0.8;
    const bx = w * 0.22;
    colors.forEach((color) => {
      const bh = between(rng, 52, 74) * c.s;
      const bw = between(rng, 470, 560) * c.s;
      y -= bh;
      const x = bx + between(rng, -26, 26) * c.s;
      c.body.push(
        `<ellipse cx="${f(x + bw / 2)}" cy="${f(y + bh)}" rx="${f(bw * 0.52)}" ry="${f(6 * c.s)}" fill="#000" opacity="0.1"/>` +
          `<rect x="${f(x)}" y="${f(y)}" width="${f(bw)}" height="${f(bh)}" rx="${f(7 * c.s)}" fill="${color}"/>` +
          `<rect x="${f(x + bw - 14 * c.s)}" y="${f(y + 7 * c.s)}" width="${f(10 * c.s)}" height="${f(bh - 14 * c.s)}" fill="#f3ead8"/>` +
          `<rect x="${f(x + bw * 0.12)}" y="${f(y)}" width="${f(bw * 0.05)}" height="${f(bh)}" fill="#ffffff" opacity="0.16"/>` +
          `<rect x="${f(x + bw * 0.35)}" y="${f(y + bh * 0.42)}" width="${f(bw * 0.3)}" height="${f(bh * 0.16)}" rx="${f(2 * c.s)}" fill="#ffffff" opacity="0.28"/>`,
      );
    });
    // An open book lying on the table.
    const ox = w * 0.7;
    const oy = h * 0.78;
    const ow = 260 * c.s;
    c.body.push(
      `<ellipse cx="${f(ox)}" cy="${f(oy + 8 * c.s)}" rx="${f(ow * 1.05)}" ry="${f(10 * c.s)}" fill="#000" opacity="0.1"/>` +
        `<path d="M${f(ox - ow)} ${f(oy)}L${f(ox - ow * 0.92)} ${f(oy - 40 * c.s)}Q${f(ox - ow * 0.45)} ${f(oy - 64 * c.s)} ${f(ox)} ${f(oy - 44 * c.s)}Q${f(ox + ow * 0.45)} ${f(oy - 64 * c.s)} ${f(ox + ow * 0.92)} ${f(oy - 40 * c.s)}L${f(ox + ow)} ${f(oy)}Q${f(ox + ow * 0.45)} ${f(oy - 18 * c.s)} ${f(ox)} ${f(oy)}Q${f(ox - ow * 0.45)} ${f(oy - 18 * c.s)} ${f(ox - ow)} ${f(oy)}Z" fill="#f7f1e4"/>` +
        `<path d="M${f(ox)} ${f(oy - 44 * c.s)}V${f(oy)}" stroke="#d9cdb6" stroke-width="${f(2 * c.s)}"/>` +
        `<path d="M${f(ox - ow * 1.02)} ${f(oy + 2 * c.s)}Q${f(ox - ow * 0.45)} ${f(oy - 14 * c.s)} ${f(ox)} ${f(oy + 4 * c.s)}Q${f(ox + ow * 0.45)} ${f(oy - 14 * c.s)} ${f(ox + ow * 1.02)} ${f(oy + 2 * c.s)}" stroke="#5d6f58" stroke-width="${f(6 * c.s)}" fill="none"/>`,
    );
    const lines: string[] = [];
    for (let k = 0; k < 6; k++) {
      const ly = oy - 40 * c.s + k * 6 * c.s;
      lines.push(`M${f(ox - ow * 0.8)} ${f(ly)}H${f(ox - ow * 0.15)}M${f(ox + ow * 0.15)} ${f(ly)}H${f(ox + ow * 0.8)}`);
    }
    c.body.push(`<path d="${lines.join("")}" stroke="#cfc3ad" stroke-width="${f(1.5 * c.s)}" opacity="0.7"/>`);
    // A mug with a wisp of steam.
    const mx = w * 0.9;
    const mb = h * 0.8;
    c.body.push(
      `<path d="M${f(mx + 44 * c.s)} ${f(mb - 90 * c.s)}q${f(38 * c.s)} 0 ${f(38 * c.s)} ${f(30 * c.s)}t${f(-38 * c.s)} ${f(30 * c.s)}" stroke="#d6c7b1" stroke-width="${f(11 * c.s)}" fill="none"/>` +
        `<rect x="${f(mx - 50 * c.s)}" y="${f(mb - 115 * c.s)}" width="${f(100 * c.s)}" height="${f(115 * c.s)}" rx="${f(14 * c.s)}" fill="#e9dfcf"/>` +
        `<rect x="${f(mx - 50 * c.s)}" y="${f(mb - 115 * c.s)}" width="${f(30 * c.s)}" height="${f(115 * c.s)}" rx="${f(14 * c.s)}" fill="#ffffff" opacity="0.35"/>`,
    );
    c.body.push(
      `<path d="M${f(mx)} ${f(mb - 130 * c.s)}c${f(-18 * c.s)} ${f(-24 * c.s)} ${f(18 * c.s)} ${f(-36 * c.s)} 0 ${f(-66 * c.s)}" stroke="#ffffff" stroke-width="${f(6 * c.s)}" fill="none" opacity="0.5" stroke-linecap="round" ${blur(c, 3 * c.s)}/>`,
    );
  },

  "calm-path": (c, rng) => {
    const { w, h } = c;
    sky(c, [
      [0, "#a3bdd4"],
      [0.5, "#e3dcd2"],
      [0.64, "#f3e2c9"],
    ]);
    stratus(c, rng, w * 0.6, h * 0.2, w * 0.6, 10 * c.s, "#ffffff", 0.5);
    layer(c, mesas(c, rng, h * 0.56, h * 0.4, { density: 0.6, vary: 0.3 }), ["#cf9f8a", "#c99a83"], { smooth: false });
    haze(c, h * 0.56, h * 0.06, "#f3e2c9", 0.6);
    const plain = hills(c, rng, h * 0.6, h * 0.012);
    layer(c, plain, [
      [0, "#b7b292"],
      [0.35, "#9ba07f"],
      [1, "#737c5e"],
    ]);
    band(c, rng, {
      x0: w * 0.58,
      x1: w * 0.47,
      y0: h * 1.02,
      y1: h * 0.6,
      w0: w * 0.2,
      w1: w * 0.003,
      wiggle: w * 0.12,
      fill: vgrad(c, h * 0.6, h, ["#e7d3b4", "#d3b78f"]),
    });
    for (let i = 0; i < 40; i++) {
      const y = lerp(h * 0.64, h * 1.04, rng() ** 0.7);
      const x = between(rng, -0.02, 1.02) * w;
      const depth = (y - h * 0.6) / (h * 0.4);
      if (Math.abs(x - w * (0.5 + 0.05 * depth)) < w * (0.02 + 0.12 * depth)) continue;
      sage(c, rng, x, y, (8 + 50 * depth) * c.s, "#66705a", "#aab49a");
    }
  },

  "sunrise-red-cliffs": (c, rng) => {
    const { w, h } = c;
    sky(c, [
      [0, "#6f86b0"],
      [0.35, "#d39c98"],
      [0.55, "#f7be8e"],
      [0.65, "#ffe0b0"],
    ]);
    sun(c, w * 0.3, h * 0.5, 34 * c.s, "#fff6e2", "#ffc98a", 0.7);
    stratus(c, rng, w * 0.65, h * 0.22, w * 0.5, 10 * c.s, "#f6c3ae", 0.55);
    layer(c, hills(c, rng, h * 0.55, h * 0.02), ["#e8b59c", "#e3ad95"]);
    const cliffs = mesas(c, rng, h * 0.8, h * 0.32, { density: 0.85, vary: 0.2, minW: 0.15, maxW: 0.4, talus: 0.6 });
    const d = layer(c, cliffs, ["#df7f52", "#b2492f", "#7b2f22"], { smooth: false });
    strata(c, rng, d, h * 0.32, h * 0.8, "#f5a577", "#6a2619", 0.25);
    sideLight(c, d, 0, w, "#ffd0a0", "#4b1c14", 0.35);
    haze(c, h * 0.8, h * 0.06, "#f7b58a", 0.3);
    foregroundWithJunipers(c, rng, h * 0.88, ["#5d4536", "#3f2f25"], "#2f3528", 5, [40, 80]);
  },

  "juniper-trail": (c, rng) => {
    const { w, h } = c;
    sky(c, [
      [0, "#7fb0d6"],
      [0.6, "#d4e4ea"],
      [0.72, "#f1ebdd"],
    ]);
    cumulus(c, rng, w * 0.7, h * 0.22, w * 0.18, "#ffffff", "#d8e2e8", 0.9);
    layer(c, mesas(c, rng, h * 0.55, h * 0.4, { density: 0.55, vary: 0.3 }), ["#d3aa93", "#cda18a"], { smooth: false });
    haze(c, h * 0.55, h * 0.05, "#f1ebdd", 0.5);
    const slope = hills(c, rng, h * 0.64, h * 0.05);
    const d = layer(c, slope, ["#d59a6c", "#bb7b52"]);
    strata(c, rng, d, h * 0.55, h, "#edb68a", "#99583a", 0.12);
    band(c, rng, {
      x0: w * 0.35,
      x1: w * 0.62,
      y0: h * 1.02,
      y1: yAt(slope, w * 0.62) + 6 * c.s,
      w0: w * 0.14,
      w1: w * 0.005,
      wiggle: w * 0.1,
      fill: "#ecd0aa",
    });
    const trees: Array<[number, number]> = [];
    for (let i = 0; i < 12; i++) trees.push([between(rng, 0, w), between(rng, 0, 1)]);
    trees.sort((a, b) => a[1] - b[1]);
    for (const [x, t] of trees) {
      const y = lerp(yAt(slope, x) + 10 * c.s, h * 0.98, t);
      juniper(c, rng, x, y, (30 + t * 190) * c.s, mix("#6f8063", "#34482f", t), P.trunk, "#9fb08a");
    }
  },

  "canyon-stream": (c, rng) => {
    const { w, h } = c;
    sky(
      c,
      [
        [0, "#8cb7d6"],
        [1, "#e9efe9"],
      ],
      h * 0.4,
    );
    layer(c, mesas(c, rng, h * 0.42, h * 0.3, { density: 0.7, vary: 0.3 }), ["#d6a283", "#c8937a"], { smooth: false });
    haze(c, h * 0.42, h * 0.05, "#eef0e6", 0.5);
    const stream = band(c, rng, {
      x0: w * 0.5,
      x1: w * 0.5,
      y0: h * 1.02,
      y1: h * 0.45,
      w0: w * 0.42,
      w1: w * 0.01,
      wiggle: w * 0.12,
      turns: 2.5,
      fill: vgrad(c, h * 0.45, h, ["#cfe1e4", "#7aa2ad", "#4f7a86"]),
    });
    shimmer(c, rng, h * 0.5, h, "#ffffff", 14, 0.4);
    c.body.push(`<path d="${stream.d}" fill="none" stroke="#e7d6b5" stroke-width="${f(6 * c.s)}" opacity="0.8"/>`);
    const left = chaikin(
      [
        [-40, h * 0.05],
        [w * 0.12, h * 0.08],
        [w * 0.18, h * 0.25],
        [w * 0.28, h * 0.3],
        [w * 0.32, h * 0.42],
        [w * 0.4, h * 0.46],
        [(stream.left[14] as Pt)[0], (stream.left[14] as Pt)[1]],
        [(stream.left[6] as Pt)[0] - 20 * c.s, (stream.left[6] as Pt)[1]],
        [(stream.left[0] as Pt)[0] - 40 * c.s, h + 10],
        [-40, h + 10],
      ],
      2,
    );
    const right = chaikin(
      [
        [w + 40, h * 0.1],
        [w * 0.86, h * 0.12],
        [w * 0.82, h * 0.28],
        [w * 0.72, h * 0.32],
        [w * 0.66, h * 0.43],
        [w * 0.6, h * 0.46],
        [(stream.right[14] as Pt)[0], (stream.right[14] as Pt)[1]],
        [(stream.right[6] as Pt)[0] + 20 * c.s, (stream.right[6] as Pt)[1]],
        [(stream.right[0] as Pt)[0] + 40 * c.s, h + 10],
        [w + 40, h + 10],
      ],
      2,
    );
    for (const [pts, lit] of [
      [left, false],
      [right, true],
    ] as const) {
      const d = polyPath(pts);
      c.body.push(`<path d="${d}" fill="${vgrad(c, 0, h, ["#c0643f", "#9c4a31", "#6d3325"])}"/>`);
      strata(c, rng, d, 0, h, "#e38d62", "#5b261b", 0.22);
      sideLight(c, d, lit ? w * 0.5 : 0, lit ? w : w * 0.5, lit ? "#ffc89a" : "#3c1a14", lit ? "#3c1a14" : "#ffc89a", 0.35);
    }
    for (let i = 0; i < 6; i++) {
      const side = i % 2 === 0;
      const pts = side ? stream.left : stream.right;
      const p = pts[Math.floor(between(rng, 1, 9))] as Pt;
      juniper(c, rng, p[0] + (side ? -30 : 30) * c.s, p[1], between(rng, 50, 110) * c.s, "#4f6a45", P.trunk, "#9bb084");
    }
  },

  "aspen-grove": (c, rng) => {
    const { w, h } = c;
    sky(
      c,
      [
        [0, "#a9c9df"],
        [1, "#f3ead2"],
      ],
      h * 0.6,
    );
    const back = hills(c, rng, h * 0.52, h * 0.04);
    layer(c, back, ["#b9b89c", "#aaab8e"]);
    treeLine(c, rng, back, "#a3a78f", 14, 30, 1.2);
    haze(c, h * 0.6, h * 0.12, "#f3ead2", 0.55);
    layer(c, hills(c, rng, h * 0.7, h * 0.015), [
      [0, "#d9c77f"],
      [1, "#a98f48"],
    ]);
    // A soft golden canopy overhead, then trunks from far to near with crisp leaf clusters.
    const canopy: string[] = [];
    for (let i = 0; i < 26; i++) {
      canopy.push(
        `<ellipse cx="${f(between(rng, -0.05, 1.05) * w)}" cy="${f(between(rng, -0.05, 0.2) * h)}" rx="${f(between(rng, 80, 180) * c.s)}" ry="${f(between(rng, 50, 110) * c.s)}" fill="${pick(rng, ["#e9c35a", "#dfa63c", "#f1d47a", "#d99a33"])}"/>`,
      );
    }
    c.body.push(`<g opacity="0.9" ${blur(c, 16 * c.s)}>${canopy.join("")}</g>`);
    const trunks: Array<[number, number]> = [];
    for (let i = 0; i < 17; i++) trunks.push([between(rng, -0.02, 1.02) * w, rng() ** 0.8]);
    trunks.sort((a, b) => a[1] - b[1]);
    for (const [x, depth] of trunks) {
      const ground = lerp(h * 0.7, h * 1.02, depth);
      const tw = lerp(8, 64, depth ** 1.6) * c.s;
      const fade = 1 - depth;
      const bark = linear(
        c,
        [
          [0, mix("#fbf8f2", "#e4dfd2", fade * 0.5)],
          [0.55, mix("#ece7dc", "#e0dace", fade * 0.5)],
          [1, mix("#b9b2a2", "#d8d2c4", fade * 0.6)],
        ],
        x - tw / 2,
        0,
        x + tw / 2,
        0,
      );
      c.body.push(
        `<path d="M${f(x - tw / 2)} ${f(ground)}L${f(x - tw * 0.38)} -5L${f(x + tw * 0.38)} -5L${f(x + tw / 2)} ${f(ground)}Z" fill="${bark}"/>`,
      );
      const marks: string[] = [];
      for (let k = 0; k < 7; k++) {
        const my = between(rng, 0.12, 0.95) * ground;
        marks.push(
          `<path d="M${f(x - tw * 0.35)} ${f(my)}q${f(tw * 0.35)} ${f(-tw * 0.14 - 1)} ${f(tw * 0.7)} 0q${f(-tw * 0.35)} ${f(tw * 0.14 + 1)} ${f(-tw * 0.7)} 0Z"/>`,
        );
      }
      c.body.push(`<g fill="${mix("#3e3730", "#d8d2c4", fade * 0.6)}" opacity="0.85">${marks.join("")}</g>`);
      const tones = ["#c98a26", "#e4b440", "#f4d773"].map((col) => mix(col, "#f3ead2", fade * 0.5));
      tones.forEach((tone, k) => {
        const leaves: string[] = [];
        for (let i = 0; i < 18; i++) {
          const spread = (40 + depth * 110) * c.s;
          leaves.push(
            `<circle cx="${f(x + between(rng, -1, 1) * spread)}" cy="${f(between(rng, 0, 0.26) * h * (1 - depth * 0.25) + k * 6 * c.s)}" r="${f((4 + depth * 9) * c.s * between(rng, 0.7, 1.3))}"/>`,
          );
        }
        c.body.push(`<g fill="${tone}">${leaves.join("")}</g>`);
      });
    }
    for (let i = 0; i < 10; i++) {
      const x = between(rng, 0, w);
      sage(c, rng, x, h * between(rng, 0.92, 1.02), between(rng, 40, 80) * c.s, "#8f8a4e", "#c9bb72");
    }
  },

  "desert-bloom": (c, rng) => {
    const { w, h } = c;
    sky(c, [
      [0, "#86b3d6"],
      [0.55, "#dbe7ea"],
      [0.62, "#f3e8d6"],
    ]);
    cumulus(c, rng, w * 0.3, h * 0.18, w * 0.18, "#ffffff", "#dbe3e7", 0.9);
    const ridgePts = mesas(c, rng, h * 0.5, h * 0.33, { density: 0.7, vary: 0.3, minW: 0.1 });
    const d = layer(c, ridgePts, ["#cf7e58", "#ab5a3c"], { smooth: false });
    strata(c, rng, d, h * 0.33, h * 0.5, "#eca17b", "#7e3a28", 0.2);
    sideLight(c, d, 0, w, "#ffd3ad", "#5a2619", 0.2);
    haze(c, h * 0.5, h * 0.06, "#f3e8d6", 0.45);
    layer(c, hills(c, rng, h * 0.53, h * 0.008), [
      [0, "#cfb993"],
      [1, "#bca27a"],
    ]);
    const rows = 6;
    for (let i = 0; i < rows; i++) {
      const t = i / (rows - 1);
      const y = lerp(h * 0.56, h * 0.8, t ** 1.3);
      scallops(c, rng, y, lerp(14, 60, t) * c.s, lerp(5, 22, t) * c.s, [
        mix("#b9bd9f", "#97a37d", t),
        mix("#98a07f", "#75825d", t),
        mix("#c7b58e", "#a99570", t),
      ]);
      const dots: string[] = [];
      for (let k = 0; k < 40; k++) {
        dots.push(
          `<circle cx="${f(rng() * w)}" cy="${f(y + between(rng, -6, 16) * c.s * (1 + t * 2))}" r="${f((1.2 + t * 4) * c.s)}" fill="${pick(rng, ["#e8743a", "#9b7fd0", "#f2c230", "#d8483a"])}"/>`,
        );
      }
      c.body.push(dots.join(""));
    }
    const items: Array<[number, number]> = [];
    for (let i = 0; i < 26; i++) items.push([between(rng, -0.04, 1.04) * w, rng()]);
    items.sort((a, b) => a[1] - b[1]);
    for (const [x, depth] of items) {
      const y = lerp(h * 0.84, h * 1.04, depth);
      const size = lerp(90, 260, depth) * c.s;
      if (rng() < 0.3) sage(c, rng, x, y, size * 0.7, "#7b8565", "#b3bc9c");
      else bloom(c, rng, pick(rng, ["lupine", "globemallow", "paintbrush", "marigold", "lupine"] as const), x, y, size);
    }
  },

  "night-sky": (c, rng) => {
    const { w, h } = c;
    sky(c, [
      [0, "#0a1028"],
      [0.55, "#1b2550"],
      [0.8, "#37406e"],
    ]);
    const band1 = linear(
      c,
      [
        [0, "#c9c2f0", 0],
        [0.5, "#e6dcff", 0.35],
        [1, "#c9c2f0", 0],
      ],
      0,
      h * 0.05,
      0,
      h * 0.45,
    );
    c.body.push(
      `<g transform="rotate(-24 ${f(w / 2)} ${f(h / 2)})"><rect x="${f(-w * 0.2)}" y="${f(h * 0.05)}" width="${f(w * 1.4)}" height="${f(h * 0.4)}" fill="${band1}" ${blur(c, 30 * c.s)}/></g>`,
    );
    glow(c, w * 0.55, h * 0.3, w * 0.2, "#f3d9ff", 0.12);
    stars(c, rng, 420, h * 0.75);
    glow(c, w * 0.5, h * 0.8, w * 0.6, "#5c4e7c", 0.45);
    layer(c, mesas(c, rng, h * 0.78, h * 0.58, { density: 0.6 }), ["#1b1d35", "#15172c"], { smooth: false });
    layer(c, hills(c, rng, h * 0.9, h * 0.02), ["#0d0f20", "#0a0b18"]);
  },

  "snowy-plateau": (c, rng) => {
    const { w, h } = c;
    sky(c, [
      [0, "#86acd0"],
      [0.55, "#cfe0ec"],
      [0.62, "#eef3f6"],
    ]);
    stratus(c, rng, w * 0.6, h * 0.2, w * 0.5, 8 * c.s, "#ffffff", 0.6);
    layer(c, mesas(c, rng, h * 0.5, h * 0.4, { density: 0.7, vary: 0.2 }), ["#c6cfdb", "#cfd7e1"], { smooth: false });
    const plateau = mesas(c, rng, h * 0.6, h * 0.36, { density: 0.85, vary: 0.15, minW: 0.25, maxW: 0.55, talus: 0.7 });
    const d = layer(c, plateau, ["#c98a70", "#a5624d"], { smooth: false });
    strata(c, rng, d, h * 0.36, h * 0.6, "#e7b49c", "#7d4536", 0.2);
    const cap = plateau.map(([x, y]) => [x, y + 9 * c.s] as Pt);
    const snowD = `${polyPath(plateau).replace(/Z$/, "")}${polyPath(cap.slice().reverse()).replace(/^M/, "L")}`;
    c.body.push(`<g ${clipPath(c, d)}><path d="${snowD}" fill="#f7f9fc"/></g>`);
    sideLight(c, d, 0, w, "#ffffff", "#5f6f8f", 0.25);
    haze(c, h * 0.6, h * 0.08, "#eef3f6", 0.5);
    const rim = hills(c, rng, h * 0.6, h * 0.01);
    treeLine(c, rng, rim, "#3d524d", 8, 22, 1.4);
    layer(c, rim, ["#f3f6f9", "#e3ebf2"]);
    for (let i = 0; i < 4; i++) {
      const t = i / 3;
      const y = lerp(h * 0.7, h * 0.94, t ** 1.2);
      const bw = lerp(60, 260, t * t) * c.s;
      scallops(c, rng, y, bw, bw * 0.1, [
        [0, "#fbfdff"],
        [0.6, mix("#e9eff5", "#dfe7ef", t)],
        [1, mix("#d3dde7", "#c3cfdc", t)],
      ]);
    }
    for (const [x, size] of [
      [w * 0.06, 300],
      [w * 0.12, 220],
      [w * 0.9, 260],
    ] as const) {
      c.body.push(`<path d="${conifer(x, h * 1.01, size * c.s, 0.34)}" fill="#2f4540"/>`);
    }
  },

  "mountain-meadow": (c, rng) => {
    const { w, h } = c;
    sky(c, [
      [0, "#79aad3"],
      [0.55, "#cfe2ec"],
      [0.62, "#eef2e6"],
    ]);
    cumulus(c, rng, w * 0.25, h * 0.22, w * 0.2, "#ffffff", "#d7e1e7", 0.95);
    cumulus(c, rng, w * 0.75, h * 0.15, w * 0.14, "#ffffff", "#dae4ea", 0.85);
    const mts = ridge(
      rng,
      [
        [-30, h * 0.48],
        [w * 0.25, h * 0.32],
        [w * 0.55, h * 0.42],
        [w * 0.8, h * 0.3],
        [w + 30, h * 0.42],
      ],
      0.08,
      5,
    );
    layer(c, mts, ["#8aa1b4", "#9fb3c0"], { smooth: false });
    haze(c, h * 0.5, h * 0.08, "#eef2e6", 0.5);
    const forest = hills(c, rng, h * 0.54, h * 0.04);
    layer(c, forest, ["#4c6a57", "#46624f"]);
    treeLine(c, rng, forest, "#4c6a57", 20, 48, 1);
    const meadow = hills(c, rng, h * 0.66, h * 0.025);
    layer(c, meadow, [
      [0, "#a8c070"],
      [0.5, "#8fab5c"],
      [1, "#6e8c45"],
    ]);
    const dots: string[] = [];
    for (let i = 0; i < 260; i++) {
      const t = rng() ** 0.7;
      const y = lerp(h * 0.68, h, t);
      dots.push(
        `<circle cx="${f(rng() * w)}" cy="${f(y)}" r="${f((0.8 + t * 4) * c.s)}" fill="${pick(rng, ["#f6e27a", "#ffffff", "#c79ad6", "#f2a65a"])}"/>`,
      );
    }
    c.body.push(dots.join(""));
  },

  "lake-reflection": (c, rng) => {
    const { w, h } = c;
    const water = h * 0.58;
    const mark = c.body.length;
    sky(
      c,
      [
        [0, "#8ea7c8"],
        [0.5, "#e3c6c6"],
        [0.58, "#f8dcc2"],
      ],
      water,
    );
    sun(c, w * 0.66, h * 0.42, 22 * c.s, "#fff6e4", "#ffd6b0", 0.5);
    stratus(c, rng, w * 0.3, h * 0.2, w * 0.5, 9 * c.s, "#f2d3d2", 0.5);
    layer(
      c,
      ridge(
        rng,
        [
          [-30, h * 0.5],
          [w * 0.2, h * 0.3],
          [w * 0.42, h * 0.44],
          [w * 0.7, h * 0.36],
          [w + 30, h * 0.48],
        ],
        0.07,
        6,
      ),
      ["#9b96b0", "#a49fb5"],
      { smooth: false, bottom: water },
    );
    haze(c, h * 0.5, h * 0.06, "#f3d7cd", 0.45);
    const shore = hills(c, rng, h * 0.55, h * 0.015);
    layer(c, shore, ["#55645a", "#4d5a51"], { bottom: water });
    treeLine(c, rng, shore, "#3f4d45", 14, 36, 1.1);
    reflect(
      c,
      mark,
      water,
      [
        [0, "#c3c4d4", 0.3],
        [1, "#526577", 0.85],
      ],
      0.8,
    );
    shimmer(c, rng, water + 4, h, "#fbe7de", 50, 0.35);
  },

  "sandstone-arch": (c, rng) => {
    const { w, h } = c;
    sky(c, [
      [0, "#5f97c9"],
      [0.6, "#b8d3e6"],
      [0.75, "#eef0ea"],
    ]);
    layer(c, mesas(c, rng, h * 0.7, h * 0.55, { density: 0.6 }), ["#d1a595", "#c89c8a"], { smooth: false });
    haze(c, h * 0.7, h * 0.05, "#eef0ea", 0.5);
    const ax = w * 0.5;
    const outer = chaikin(
      [
        [w * 0.08, h + 10],
        [w * 0.1, h * 0.55],
        [w * 0.14, h * 0.32],
        [w * 0.22, h * 0.2],
        [w * 0.36, h * 0.12],
        [w * 0.6, h * 0.1],
        [w * 0.76, h * 0.16],
        [w * 0.86, h * 0.3],
        [w * 0.9, h * 0.55],
        [w * 0.93, h + 10],
      ],
      2,
    );
    const hole = chaikin(
      [
        [w * 0.24, h + 10],
        [w * 0.25, h * 0.62],
        [w * 0.3, h * 0.42],
        [w * 0.4, h * 0.3],
        [ax, h * 0.27],
        [w * 0.62, h * 0.3],
        [w * 0.7, h * 0.42],
        [w * 0.74, h * 0.62],
        [w * 0.75, h + 10],
      ],
      2,
    );
    const d = `${polyPath(outer)}${polyPath(hole.slice().reverse())}`;
    c.body.push(`<path d="${d}" fill="${vgrad(c, h * 0.1, h, ["#e08a5c", "#c0633d", "#8d3f29"])}" fill-rule="evenodd"/>`);
    strata(c, rng, d.replace(/Z/g, "Z"), h * 0.1, h, "#f3ad80", "#6e2d1d", 0.22);
    c.body.push(
      `<path d="${d}" fill="${linear(
        c,
        [
          [0, "#4a1d14", 0.35],
          [0.3, "#4a1d14", 0],
          [0.7, "#ffd2a6", 0],
          [1, "#ffd2a6", 0.3],
        ],
        w * 0.08,
        0,
        w * 0.93,
        0,
      )}" fill-rule="evenodd"/>`,
    );
    const ground = hills(c, rng, h * 0.92, h * 0.02);
    layer(c, ground, ["#b77a55", "#8d5a3e"]);
  },

  "sagebrush-flats": (c, rng) => {
    const { w, h } = c;
    sky(c, [
      [0, "#98b9d4"],
      [0.5, "#dfe6e2"],
      [0.55, "#efe9da"],
    ]);
    stratus(c, rng, w * 0.5, h * 0.18, w * 0.7, 10 * c.s, "#ffffff", 0.5);
    layer(
      c,
      ridge(
        rng,
        [
          [-30, h * 0.46],
          [w * 0.3, h * 0.36],
          [w * 0.6, h * 0.42],
          [w * 0.85, h * 0.34],
          [w + 30, h * 0.4],
        ],
        0.05,
        5,
      ),
      ["#a7a9bb", "#b3b3be"],
      { smooth: false },
    );
    haze(c, h * 0.48, h * 0.08, "#efe9da", 0.55);
    layer(c, hills(c, rng, h * 0.49, h * 0.006), [
      [0, "#c7c3a6"],
      [1, "#aeb093"],
    ]);
    const rows = 14;
    for (let i = 0; i < rows; i++) {
      const t = i / (rows - 1);
      const y = lerp(h * 0.5, h * 0.9, t ** 1.25);
      const bw = lerp(8, 80, t * t) * c.s;
      scallops(c, rng, y, bw, bw * 0.42, [mix("#c9ccb9", "#b3bea3", t), mix("#9ca48a", "#6f7c62", t), mix("#b6ad88", "#8c8a64", t)]);
    }
    const items: Array<[number, number]> = [];
    for (let i = 0; i < 9; i++) items.push([between(rng, -0.03, 1.03) * w, rng()]);
    items.sort((a, b) => a[1] - b[1]);
    for (const [x, depth] of items) {
      sage(c, rng, x, lerp(h * 0.92, h * 1.05, depth), lerp(130, 220, depth) * c.s, "#5c6851", "#b4bea3");
    }
  },

  "balanced-stones": (c, rng) => {
    const { w, h } = c;
    const water = h * 0.58;
    sky(
      c,
      [
        [0, "#b7c7d6"],
        [0.7, "#efe1d6"],
        [1, "#f6e6d2"],
      ],
      water,
    );
    sun(c, w * 0.72, h * 0.44, 20 * c.s, "#fff8ea", "#ffe2c2", 0.45);
    layer(c, hills(c, rng, h * 0.56, h * 0.02), ["#b8aebd", "#b3aab9"], { bottom: water });
    c.body.push(`<rect x="0" y="${f(water)}" width="${w}" height="${f(h - water)}" fill="${vgrad(c, water, h, ["#d7d3d6", "#a8b3bd"])}"/>`);
    shimmer(c, rng, water + 4, h * 0.8, "#ffffff", 30, 0.4);
    const shore = hills(c, rng, h * 0.86, h * 0.02);
    layer(c, shore, ["#b7a794", "#9a8a78"]);
    const cx = w * 0.38;
    let y = yAt(shore, cx) + 30 * c.s;
    const sizes = [340, 270, 210, 156, 108];
    const tones = ["#6f6a66", "#8a7f76", "#9b8e80", "#7d746c", "#a59988"];
    sizes.forEach((sz, i) => {
      const rx = (sz / 2) * c.s * between(rng, 0.95, 1.1);
      const ry = rx * between(rng, 0.36, 0.46);
      const x = cx + between(rng, -10, 10) * c.s;
      const cy = y - ry * 0.92;
      const fill = radial(
        c,
        [
          [0, mix(tones[i] ?? "#888888", "#ffffff", 0.35)],
          [0.7, tones[i] ?? "#888888"],
          [1, mix(tones[i] ?? "#888888", "#000000", 0.2)],
        ],
        x - rx * 0.3,
        cy - ry * 0.5,
        rx * 1.3,
      );
      c.body.push(`<ellipse cx="${f(x)}" cy="${f(y + 3 * c.s)}" rx="${f(rx * 0.8)}" ry="${f(ry * 0.18)}" fill="#000" opacity="0.12"/>`);
      c.body.push(`<ellipse cx="${f(x)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"/>`);
      y = cy - ry * 0.82;
    });
    for (let i = 0; i < 5; i++) {
      const x = between(rng, 0.55, 1) * w;
      const r = between(rng, 20, 46) * c.s;
      c.body.push(
        `<ellipse cx="${f(x)}" cy="${f(yAt(shore, x) + between(rng, 20, 90) * c.s)}" rx="${f(r)}" ry="${f(r * 0.45)}" fill="${pick(rng, ["#8f8276", "#a39584", "#776e66"])}"/>`,
      );
    }
  },

  "rain-on-red-rock": (c, rng) => {
    const { w, h } = c;
    sky(c, [
      [0, "#59606f"],
      [0.45, "#8c8f99"],
      [0.65, "#c8bfb6"],
    ]);
    stratus(c, rng, w * 0.3, h * 0.12, w * 0.8, 40 * c.s, "#4b5160", 0.7);
    stratus(c, rng, w * 0.8, h * 0.18, w * 0.6, 34 * c.s, "#555a68", 0.6);
    for (let i = 0; i < 5; i++) {
      const x = between(rng, 0.1, 0.9) * w;
      const fill = vgrad(c, h * 0.2, h * 0.65, [
        [0, "#4e5564", 0.45],
        [1, "#4e5564", 0],
      ]);
      c.body.push(
        `<path d="M${f(x - 80 * c.s)} ${f(h * 0.2)}H${f(x + 80 * c.s)}L${f(x + 20 * c.s)} ${f(h * 0.65)}H${f(x - 140 * c.s)}Z" fill="${fill}" ${blur(c, 18 * c.s)}/>`,
      );
    }
    glow(c, w * 0.65, h * 0.55, w * 0.3, "#f4d6b4", 0.35);
    const buttes = mesas(c, rng, h * 0.72, h * 0.36, { density: 0.6, vary: 0.3, minW: 0.08, maxW: 0.2 });
    const d = layer(c, buttes, ["#a8644c", "#8a4a37"], { smooth: false });
    strata(c, rng, d, h * 0.36, h * 0.72, "#c98164", "#5c2d22", 0.2);
    haze(c, h * 0.7, h * 0.08, "#b9b1ab", 0.45);
    const ground = hills(c, rng, h * 0.8, h * 0.02);
    layer(c, ground, ["#6d5447", "#544036"]);
    for (let i = 0; i < 6; i++) {
      const x = between(rng, 0, w);
      sage(c, rng, x, yAt(ground, x) + between(rng, 20, 120) * c.s, between(rng, 24, 50) * c.s, "#4f5847", "#7f8a72");
    }
    const drops: string[] = [];
    for (let i = 0; i < 260; i++) {
      const x = rng() * (w + 200) - 100;
      const y = rng() * h;
      const len = between(rng, 18, 40) * c.s;
      drops.push(`M${f(x)} ${f(y)}l${f(-len * 0.18)} ${f(len)}`);
    }
    c.body.push(`<path d="${drops.join("")}" stroke="#e6ecf2" stroke-width="${f(1.3 * c.s)}" opacity="0.28" stroke-linecap="round"/>`);
  },

  "hot-air-balloons": (c, rng) => {
    const { w, h } = c;
    const skyTop = "#9fb7d3";
    sky(c, [
      [0, skyTop],
      [0.45, "#e8d0c6"],
      [0.65, "#f9e2c4"],
    ]);
    sun(c, w * 0.2, h * 0.58, 26 * c.s, "#fff6e2", "#ffd9a8", 0.5);
    stratus(c, rng, w * 0.65, h * 0.3, w * 0.5, 8 * c.s, "#f4dcd2", 0.5);
    const balloons: Array<[number, number, number]> = [
      [0.28, 0.3, 0.5],
      [0.44, 0.18, 1],
      [0.62, 0.36, 0.7],
      [0.76, 0.14, 0.35],
      [0.85, 0.42, 0.28],
      [0.12, 0.2, 0.3],
    ];
    const palettes = [
      ["#d2553e", "#f0b653", "#f4ead9"],
      ["#3f7f8c", "#f1c36a", "#e07b52"],
      ["#8a5ca8", "#f3d18a"],
      ["#e7a24a", "#f4efe3"],
      ["#c84b4b", "#f7e7c8", "#4b7ea0"],
      ["#6e9a64", "#f3e2b8"],
    ];
    balloons
      .sort((a, b) => a[2] - b[2])
      .forEach(([bx, by, size], i) => {
        balloon(c, bx * w, by * h, size * 150 * c.s, palettes[i % palettes.length] ?? [], 0.55 * (1 - size), "#ecd7cb");
      });
    layer(c, mesas(c, rng, h * 0.7, h * 0.56, { density: 0.55, vary: 0.4 }), ["#c8978a", "#c28f80"], { smooth: false });
    haze(c, h * 0.7, h * 0.07, "#f9e2c4", 0.6);
    const valley = hills(c, rng, h * 0.78, h * 0.02);
    layer(c, valley, [
      [0, "#8e9a72"],
      [1, "#6a7654"],
    ]);
    treeLine(c, rng, valley, "#5b6b4c", 10, 26, 0.5);
    layer(c, hills(c, rng, h * 0.92, h * 0.02), ["#55603f", "#434c33"]);
  },

  "autumn-canyon": (c, rng) => {
    const { w, h } = c;
    sky(
      c,
      [
        [0, "#80acd2"],
        [1, "#e9ecdf"],
      ],
      h * 0.45,
    );
    const far = mesas(c, rng, h * 0.5, h * 0.34, { density: 0.7 });
    layer(c, far, ["#c9a08c", "#c2977f"], { smooth: false });
    haze(c, h * 0.5, h * 0.06, "#ecebdc", 0.5);
    const left = chaikin(
      [
        [-40, h * 0.1],
        [w * 0.16, h * 0.14],
        [w * 0.2, h * 0.3],
        [w * 0.34, h * 0.34],
        [w * 0.4, h * 0.5],
        [w * 0.5, h * 0.62],
        [w * 0.46, h + 10],
        [-40, h + 10],
      ],
      2,
    );
    const right = chaikin(
      [
        [w + 40, h * 0.06],
        [w * 0.82, h * 0.1],
        [w * 0.8, h * 0.28],
        [w * 0.68, h * 0.32],
        [w * 0.62, h * 0.5],
        [w * 0.54, h * 0.62],
        [w * 0.58, h + 10],
        [w + 40, h + 10],
      ],
      2,
    );
    for (const [pts, lit] of [
      [left, true],
      [right, false],
    ] as const) {
      const d = polyPath(pts);
      c.body.push(`<path d="${d}" fill="${vgrad(c, 0, h, ["#c2603c", "#9a4530", "#6e3125"])}"/>`);
      strata(c, rng, d, 0, h, "#e38a60", "#5a251b", 0.22);
      sideLight(c, d, lit ? 0 : w * 0.5, lit ? w * 0.5 : w, lit ? "#ffc491" : "#3a1813", lit ? "#3a1813" : "#ffc491", 0.3);
    }
    const floor = hills(c, rng, h * 0.8, h * 0.02);
    layer(c, floor, ["#7d5a3f", "#5e4431"]);
    const trees: Array<[number, number]> = [];
    for (let i = 0; i < 30; i++) trees.push([between(rng, -0.02, 1.02) * w, rng()]);
    trees.sort((a, b) => a[1] - b[1]);
    for (const [x, depth] of trees) {
      const ground = lerp(h * 0.74, h * 1.02, depth);
      const size = (40 + depth * 150) * c.s;
      const parts: string[] = [];
      for (let k = 0; k < 8; k++) {
        parts.push(
          `<circle cx="${f(x + between(rng, -0.35, 0.35) * size)}" cy="${f(ground - size * between(rng, 0.6, 1.1))}" r="${f(size * between(rng, 0.18, 0.3))}"/>`,
        );
      }
      c.body.push(
        `<rect x="${f(x - size * 0.03)}" y="${f(ground - size * 0.7)}" width="${f(size * 0.06)}" height="${f(size * 0.7)}" fill="#4a3a2e"/>`,
      );
      c.body.push(
        `<g fill="${mix(pick(rng, ["#d9862f", "#e2a73d", "#b84a2c", "#cf6a2c", "#e8c05a"]), "#e8d8c0", (1 - depth) * 0.35)}">${parts.join("")}</g>`,
      );
    }
  },

  cloudscape: (c, rng) => {
    const { w, h } = c;
    sky(c, [
      [0, "#5f92c6"],
      [0.6, "#a9c8e2"],
      [0.85, "#e6eef2"],
    ]);
    const clouds: Array<[number, number, number]> = [
      [0.2, 0.3, 0.3],
      [0.58, 0.22, 0.38],
      [0.88, 0.36, 0.24],
      [0.4, 0.52, 0.22],
      [0.75, 0.6, 0.18],
      [0.1, 0.62, 0.16],
    ];
    for (const [x, y, s] of clouds) cumulus(c, rng, x * w, y * h, s * w, "#ffffff", "#c9d7e3", 0.95);
    stratus(c, rng, w * 0.5, h * 0.76, w * 0.9, 12 * c.s, "#f4f7f8", 0.6);
    layer(c, hills(c, rng, h * 0.88, h * 0.03), ["#8fa2ad", "#7f939f"]);
    layer(c, hills(c, rng, h * 0.95, h * 0.02), ["#6b7d6a", "#5b6b5a"]);
  },

  "dusk-mesa": (c, rng) => {
    const { w, h } = c;
    sky(c, [
      [0, "#2f2f5c"],
      [0.3, "#6d4f80"],
      [0.55, "#d0767a"],
      [0.7, "#f5a66c"],
      [0.76, "#fbc97f"],
    ]);
    sun(c, w * 0.42, h * 0.66, 40 * c.s, "#ffe6b2", "#ff9e6a", 0.55);
    stratus(c, rng, w * 0.6, h * 0.35, w * 0.6, 8 * c.s, "#e58a7c", 0.55);
    stratus(c, rng, w * 0.25, h * 0.46, w * 0.4, 6 * c.s, "#f8a77a", 0.5);
    const pts: Pt[] = [[-50, h * 0.74]];
    let x = butte(pts, rng, w * 0.2, w * 0.46, h * 0.48, h * 0.74, { talus: 0.8 });
    pts.push([x + w * 0.05, h * 0.74]);
    x = butte(pts, rng, x + w * 0.06, w * 0.06, h * 0.56, h * 0.74, { talus: 0.5 });
    pts.push([w * 1.05, h * 0.74]);
    layer(c, chaikin(pts, 2), ["#3e2a45", "#2d1f35"], { smooth: false });
    layer(c, hills(c, rng, h * 0.84, h * 0.02), ["#2a1d30", "#1f1626"]);
    for (let i = 0; i < 5; i++) {
      const xx = between(rng, 0, w);
      juniper(c, rng, xx, h * between(rng, 0.86, 1.0), between(rng, 40, 90) * c.s, "#1b1320", "#1b1320");
    }
  },

  "slot-canyon-light": (c, rng) => {
    const { w, h } = c;
    c.body.push(`<rect width="${w}" height="${h}" fill="${vgrad(c, 0, h, ["#f7d9a8", "#d97f4e", "#6c2e22"])}"/>`);
    const walls = 7;
    for (let i = 0; i < walls; i++) {
      const depth = i / (walls - 1);
      const side = i % 2 === 0 ? -1 : 1;
      const edge = w * (0.5 + side * lerp(0.02, 0.22, depth) * between(rng, 0.8, 1.2));
      const far = side < 0 ? -40 : w + 40;
      const pts: Pt[] = [];
      const n = 8;
      for (let k = 0; k <= n; k++) {
        const y = -20 + (k * (h + 40)) / n;
        pts.push([edge + Math.sin(k * 0.9 + i) * w * 0.06 * (1 + depth), y]);
      }
      const d = `${smoothPath(pts)}L${f(far)} ${f(h + 20)}L${f(far)} -20Z`;
      const base = mix("#f3b27c", "#5a2419", depth);
      const fill = linear(
        c,
        [
          [0, mix(base, "#fff1d8", 0.3)],
          [0.5, base],
          [1, mix(base, "#2a100c", 0.4)],
        ],
        0,
        0,
        0,
        h,
      );
      c.body.push(`<path d="${d}" fill="${fill}"/>`);
      c.body.push(
        `<path d="${smoothPath(pts)}" stroke="${mix(base, "#ffe2b5", 0.5)}" stroke-width="${f(3 * c.s)}" fill="none" opacity="0.3"/>`,
      );
    }
    rays(c, w * 0.52, -h * 0.1, "#fff3da", 0.45, 3, rng);
    glow(c, w * 0.5, h * 0.1, w * 0.3, "#fff0d2", 0.4);
  },

  "morning-fog-valley": (c, rng) => {
    const { w, h } = c;
    sky(c, [
      [0, "#b9c8d6"],
      [0.5, "#e6e3df"],
      [0.7, "#f3ece2"],
    ]);
    sun(c, w * 0.7, h * 0.28, 26 * c.s, "#fffaf0", "#fff0d8", 0.45);
    const colors: Array<[string, string]> = [
      ["#a9b3bc", "#b1bac2"],
      ["#8f9ea6", "#98a6ad"],
      ["#74878e", "#7b8d93"],
      ["#56686e", "#5d6f74"],
      ["#3c4c50", "#415155"],
    ];
    colors.forEach(([a, b], i) => {
      const pts = hills(c, rng, h * (0.42 + i * 0.12), h * (0.05 + i * 0.01));
      layer(c, pts, [a, b]);
      if (i > 0) treeLine(c, rng, pts, a, 10 + i * 8, 20 + i * 14, 0.9);
      haze(c, h * (0.5 + i * 0.12), h * 0.12, "#f3ece2", 0.85 - i * 0.08);
    });
  },

  // The Grand Staircase: pink, gray, white and vermilion cliffs stepping down toward the viewer.
  "grand-staircase-cliffs": (c, rng) => {
    const { w, h } = c;
    sky(c, [
      [0, "#7aa5cf"],
      [0.45, "#c9dbe7"],
      [0.55, "#f1ece2"],
    ]);
    stratus(c, rng, w * 0.3, h * 0.14, w * 0.6, 8 * c.s, "#ffffff", 0.55);
    const steps: Array<[ground: number, top: number, colors: [string, string, string], light: string, dark: string]> = [
      [0.44, 0.34, ["#eab9a5", "#e2aa96", "#d9a08e"], "#f8d8c8", "#b97d6c"],
      [0.58, 0.42, ["#f4ede2", "#e6d9c6", "#cdbca4"], "#ffffff", "#a99479"],
      [0.76, 0.52, ["#d8734f", "#b8543a", "#8c3d2b"], "#f09d77", "#6b2a1d"],
    ];
    steps.forEach(([ground, top, colors, light, dark], i) => {
      const pts = mesas(c, rng, h * ground, h * top, { density: 0.85, vary: 0.18, minW: 0.22, maxW: 0.5, talus: 0.55 });
      const d = layer(c, pts, colors, { smooth: false });
      strata(c, rng, d, h * top, h * ground, light, dark, 0.22);
      sideLight(c, d, 0, w, "#fff2e2", "#5a2a1e", 0.18 + i * 0.05);
      haze(c, h * ground, h * 0.07, "#f1ece2", 0.45 - i * 0.1);
    });
    const near = hills(c, rng, h * 0.86, h * 0.025);
    layer(c, near, ["#7b7655", "#5f5b41"]);
    for (let k = 0; k < 8; k++) {
      const x = between(rng, 0, w);
      sage(c, rng, x, yAt(near, x) + between(rng, 10, 90) * c.s, between(rng, 40, 80) * c.s, "#5b6650", "#9ea88c");
    }
    juniper(c, rng, w * 0.88, h * 1.0, 170 * c.s, "#34432f", P.trunk, "#8a9a76");
  },

  "coral-dunes": (c, rng) => {
    const { w, h } = c;
    sky(c, [
      [0, "#6fa3d3"],
      [0.55, "#c6dcec"],
      [0.66, "#f2ebe0"],
    ]);
    stratus(c, rng, w * 0.7, h * 0.16, w * 0.5, 7 * c.s, "#ffffff", 0.5);
    const far = hills(c, rng, h * 0.5, h * 0.03);
    layer(c, far, ["#9aa7a4", "#a9b2ad"]);
    treeLine(c, rng, far, "#8d9b92", 6, 12, 0.35);
    haze(c, h * 0.54, h * 0.06, "#f2ebe0", 0.5);
    const dunes: Array<[number, string, string, string]> = [
      [0.56, "#f3c4a3", "#e6aa88", "#d99676"],
      [0.66, "#efb592", "#e09d79", "#c98260"],
      [0.78, "#eba782", "#d88c67", "#bb6e4e"],
      [0.92, "#e69a73", "#cf7d58", "#ad5f41"],
    ];
    dunes.forEach(([y, lit, body, shade], i) => {
      const crest = hills(c, rng, h * y, h * (0.05 + i * 0.012), { n: 12, detail: 0.05, freq: 0.9 });
      const d = layer(c, crest, [lit, body]);
      // Lee side: a shaded wedge under the crest, widest where the crest is highest.
      const lee = crest.map(([x, yy], k) => [x + 60 * c.s, yy + h * (0.03 + 0.05 * Math.abs(Math.sin(k * 0.7 + i)))] as Pt);
      const shadow = `${smoothPath(crest)}${smoothPath(lee.slice().reverse()).replace(/^M/, "L")}Z`;
      c.body.push(`<g ${clipPath(c, d)}><path d="${shadow}" fill="${shade}" opacity="0.75"/></g>`);
      c.body.push(`<path d="${smoothPath(crest)}" stroke="#fff1e2" stroke-width="${f(2 * c.s)}" fill="none" opacity="0.5"/>`);
      if (i === 3) {
        const ripples: string[] = [];
        for (let k = 0; k < 10; k++) {
          const yy = h * (0.95 + k * 0.006) + between(rng, -4, 4) * c.s;
          ripples.push(`M${f(-20)} ${f(yy)}Q${f(w * 0.25)} ${f(yy - 10 * c.s)} ${f(w * 0.5)} ${f(yy)}T${f(w + 20)} ${f(yy)}`);
        }
        c.body.push(`<path d="${ripples.join("")}" stroke="#f3b893" stroke-width="${f(1.6 * c.s)}" fill="none" opacity="0.35"/>`);
      }
    });
  },

  "golden-hour-hills": (c, rng) => {
    const { w, h } = c;
    sky(c, [
      [0, "#8ea6c6"],
      [0.45, "#f0c69c"],
      [0.62, "#fbdcaa"],
    ]);
    sun(c, w * 0.8, h * 0.46, 30 * c.s, "#fff4d8", "#ffc57a", 0.6);
    const colors: Array<[string, string]> = [
      ["#d9b48c", "#d2ab84"],
      ["#c89a66", "#bb8c5a"],
      ["#ad7f4b", "#9b6e40"],
      ["#8a6238", "#74512e"],
    ];
    colors.forEach(([a, b], i) => {
      const pts = hills(c, rng, h * (0.56 + i * 0.11), h * 0.05, { detail: 0.3 });
      const d = layer(c, pts, [a, b]);
      sideLight(c, d, 0, w, "#4a2f1a", "#ffdca4", 0.3);
      if (i === 2) {
        for (let k = 0; k < 4; k++) {
          const x = between(rng, 0, w * 0.6);
          juniper(c, rng, x, yAt(pts, x) + 6 * c.s, between(rng, 40, 70) * c.s, "#4b4a30", P.trunk);
        }
      }
    });
  },
};

// ---------------------------------------------------------------------------------------------
// Staff portraits: dignified, faceless head-and-shoulders on a soft per-person palette

const staffPalettes: ReadonlyArray<{
  bg: [string, string];
  figure: [string, string];
  accent: string;
  motif: "sun" | "mesa" | "hills" | "arch" | "stars";
}> = [
  { bg: ["#f3d9c6", "#d99a7c"], figure: ["#8a4b3a", "#6c3a2d"], accent: "#fbe6d3", motif: "sun" },
  { bg: ["#dfe6d6", "#9fb08e"], figure: ["#4f6446", "#3d4f37"], accent: "#f1f4ea", motif: "hills" },
  { bg: ["#dbe4ee", "#8fa9c4"], figure: ["#3f5470", "#2f4058"], accent: "#eef3f8", motif: "mesa" },
  { bg: ["#efe0cc", "#c9a57c"], figure: ["#6e5338", "#55402b"], accent: "#f8efe2", motif: "arch" },
  { bg: ["#e8dbe8", "#a98fb4"], figure: ["#5b4468", "#463352"], accent: "#f5eef6", motif: "sun" },
  { bg: ["#d8e8e6", "#86b0ab"], figure: ["#356660", "#284f4a"], accent: "#eef6f5", motif: "hills" },
  { bg: ["#f4dfcf", "#e0a283"], figure: ["#9a5039", "#7a3d2c"], accent: "#fcefe4", motif: "mesa" },
  { bg: ["#e4e2d3", "#b3ae88"], figure: ["#605c3c", "#4a472e"], accent: "#f4f3ea", motif: "arch" },
  { bg: ["#d9dcea", "#7f86ad"], figure: ["#2f3560", "#23284a"], accent: "#eef0f8", motif: "stars" },
  { bg: ["#f1e6d2", "#d6b77f"], figure: ["#7a5c2e", "#5f4723"], accent: "#faf4e8", motif: "sun" },
  { bg: ["#e6d8d2", "#b58f86"], figure: ["#6b433c", "#53332e"], accent: "#f6eeeb", motif: "hills" },
];

function staffScene(index: number): Scene {
  return (c, rng) => {
    const { w, h } = c;
    const p = staffPalettes[index % staffPalettes.length] ?? staffPalettes[0];
    if (!p) return;
    c.body.push(
      `<rect width="${w}" height="${h}" fill="${linear(
        c,
        [
          [0, p.bg[0]],
          [1, p.bg[1]],
        ],
        0,
        0,
        w * 0.4,
        h,
      )}"/>`,
    );
    const cx = w / 2;
    // Background motif, low contrast, kept inside the round crop.
    if (p.motif === "sun") {
      glow(c, cx + w * 0.2, h * 0.3, w * 0.4, p.accent, 0.7);
      c.body.push(`<circle cx="${f(cx + w * 0.2)}" cy="${f(h * 0.3)}" r="${f(w * 0.1)}" fill="${p.accent}" opacity="0.75"/>`);
    } else if (p.motif === "stars") {
      stars(c, rng, 40, h * 0.6, p.accent);
    } else if (p.motif === "arch") {
      c.body.push(
        `<path d="M${f(w * 0.12)} ${f(h)}V${f(h * 0.45)}A${f(w * 0.38)} ${f(w * 0.38)} 0 0 1 ${f(w * 0.88)} ${f(h * 0.45)}V${f(h)}Z" fill="${p.accent}" opacity="0.35"/>`,
      );
    }
    const horizon = h * between(rng, 0.62, 0.7);
    if (p.motif === "mesa") {
      const pts: Pt[] = [[-10, horizon]];
      butte(pts, rng, w * 0.05, w * 0.28, horizon - h * 0.12, horizon);
      pts.push([w + 10, horizon]);
      c.body.push(`<path d="${polyPath(chaikin(pts, 2), h)}" fill="${p.bg[1]}" opacity="0.55"/>`);
    } else {
      const pts = hills(c, rng, horizon, h * 0.03, { n: 10 });
      c.body.push(`<path d="${smoothPath(pts, h)}" fill="${mix(p.bg[1], p.figure[0], 0.15)}" opacity="0.45"/>`);
    }
    // Head-and-shoulders silhouette, tone on tone: proportions vary a little per person.
    const headRx = w * between(rng, 0.108, 0.122);
    const headRy = headRx * between(rng, 1.18, 1.28);
    const headY = h * between(rng, 0.37, 0.4);
    const neckTop = headY + headRy * 0.7;
    const neck = w * between(rng, 0.05, 0.06);
    const shoulder = w * between(rng, 0.35, 0.39);
    const slope = h * between(rng, 0.6, 0.64);
    const d =
      `M${f(cx - neck)} ${f(neckTop)}` +
      `C${f(cx - neck)} ${f(slope - h * 0.05)} ${f(cx - neck * 1.4)} ${f(slope - h * 0.01)} ${f(cx - w * 0.17)} ${f(slope + h * 0.015)}` +
      `C${f(cx - shoulder * 0.8)} ${f(slope + h * 0.04)} ${f(cx - shoulder)} ${f(slope + h * 0.09)} ${f(cx - shoulder * 1.03)} ${f(slope + h * 0.19)}` +
      `L${f(cx - shoulder * 1.08)} ${f(h + 2)}L${f(cx + shoulder * 1.08)} ${f(h + 2)}` +
      `L${f(cx + shoulder * 1.03)} ${f(slope + h * 0.19)}` +
      `C${f(cx + shoulder)} ${f(slope + h * 0.09)} ${f(cx + shoulder * 0.8)} ${f(slope + h * 0.04)} ${f(cx + w * 0.17)} ${f(slope + h * 0.015)}` +
      `C${f(cx + neck * 1.4)} ${f(slope - h * 0.01)} ${f(cx + neck)} ${f(slope - h * 0.05)} ${f(cx + neck)} ${f(neckTop)}Z`;
    glow(c, cx, headY, w * 0.34, p.accent, 0.55);
    const fill = linear(
      c,
      [
        [0, mix(p.figure[0], p.bg[0], 0.25)],
        [1, p.figure[1]],
      ],
      0,
      headY - headRy,
      0,
      h,
    );
    c.body.push(`<path d="${d}" fill="${fill}"/>`);
    c.body.push(`<ellipse cx="${f(cx)}" cy="${f(headY)}" rx="${f(headRx)}" ry="${f(headRy)}" fill="${fill}"/>`);
    // Soft light from the upper left on head and shoulders: depth without features.
    const light = radial(
      c,
      [
        [0, p.accent, 0.28],
        [1, p.accent, 0],
      ],
      cx - w * 0.14,
      headY - h * 0.06,
      w * 0.3,
    );
    c.body.push(`<ellipse cx="${f(cx)}" cy="${f(headY)}" rx="${f(headRx)}" ry="${f(headRy)}" fill="${light}"/>`);
    const light2 = radial(
      c,
      [
        [0, p.accent, 0.2],
        [1, p.accent, 0],
      ],
      cx - shoulder * 0.7,
      slope,
      w * 0.28,
    );
    c.body.push(`<path d="${d}" fill="${light2}"/>`);
    // A gentle open collar line.
    c.body.push(
      `<path d="M${f(cx - w * 0.085)} ${f(slope - h * 0.005)}Q${f(cx - w * 0.03)} ${f(slope + h * 0.05)} ${f(cx)} ${f(slope + h * 0.09)}Q${f(cx + w * 0.03)} ${f(slope + h * 0.05)} ${f(cx + w * 0.085)} ${f(slope - h * 0.005)}" stroke="${p.accent}" stroke-width="${f(w * 0.008)}" stroke-linecap="round" fill="none" opacity="0.3"/>`,
    );
  };
}

// ---------------------------------------------------------------------------------------------
// Rendering

function sceneFor(image: BundledImage): Scene {
  if (image.category === "staff") return staffScene(Number(image.name.slice("staff-".length)) - 1);
  const scene = (image.category === "service" ? serviceScenes : generalScenes)[image.name];
  if (!scene) throw new Error(`No artwork recipe for ${image.key}`);
  return scene;
}

function designSize(image: BundledImage): { width: number; height: number } {
  const width = Math.min(image.width, DESIGN_WIDTH);
  return { width, height: Math.round((image.height * width) / image.width) };
}

function drawSvg(image: BundledImage): string {
  const { width, height } = designSize(image);
  const c = createCanvas(width, height);
  sceneFor(image)(c, mulberry32(hashString(image.key)));
  return svgDocument(c);
}

/** The drawing rendered at the master's size, as raw sRGB pixels (what encodeVariant takes). */
async function rasterize(image: BundledImage, svg: string) {
  return sharp(Buffer.from(svg), { density: (72 * image.width) / designSize(image).width })
    .resize(image.width, image.height, { fit: "fill" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
}

type Written = { category: string; width: number; format: MediaVariantFormat; bytes: number; file: string };

/** Where a made file goes: written to public/, or (--check) compared with what is there. */
type Output = (file: string, bytes: Buffer) => Promise<void>;

const writeOutput: Output = async (file, bytes) => {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, bytes);
};

/** An Output that writes nothing and names, in `differing`, every file whose bytes differ from what is in public/. */
function checkOutput(differing: Array<string>): Output {
  return async (file, bytes) => {
    const present = await readFile(file).catch(() => null);
    if (!present?.equals(bytes)) differing.push(path.relative(root, file));
  };
}

async function writeImage(image: BundledImage, keepSvg: boolean, output: Output): Promise<Written[]> {
  const svg = drawSvg(image);
  if (keepSvg) {
    await mkdir("/tmp/generated-svg", { recursive: true });
    await writeFile(`/tmp/generated-svg/${image.key.replace("/", "__")}.svg`, svg);
  }
  const base = await rasterize(image, svg);
  const written: Written[] = [];
  const plainWidth = defaultImageWidth(image);
  for (const width of image.widths) {
    for (const format of mediaVariantFormats) {
      const buf = await encodeVariant(base, width, format, "bundled").toBuffer();
      const file = path.join(publicDir, imageSrc(image, width, format));
      await output(file, buf);
      written.push({ category: image.category, width, format, bytes: buf.length, file });
      if (width === plainWidth && format === "webp") await output(path.join(publicDir, plainImageSrc(image)), buf);
    }
  }
  return written;
}

/** Remove files in our folders that the manifest no longer lists (renamed or dropped images). */
async function pruneStale(expected: Set<string>) {
  for (const folder of ["services", "staff", "general"]) {
    const dir = path.join(publicDir, "images", folder);
    let names: string[] = [];
    try {
      names = await readdir(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      const file = path.join(dir, name);
      if (!expected.has(file)) {
        await rm(file);
        console.log(`removed stale ${path.relative(root, file)}`);
      }
    }
  }
}

const faviconSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6c79a"/><stop offset="1" stop-color="#f9e3c2"/></linearGradient></defs>
<rect width="64" height="64" rx="14" fill="url(#s)"/>
<circle cx="42" cy="24" r="9" fill="#fff4dc"/>
<path d="M0 44h8l5-12h20l4 12h5l3-7h9l3 7h7v20H0z" fill="#b4553a"/>
<path d="M13 32h20l1 3H12z" fill="#d9825a"/>
<path d="M0 52c16-4 32-4 64 0v12H0z" fill="#7a3a2a"/>
</svg>
`;

async function writeOgImage(output: Output) {
  const w = 1200;
  const h = 630;
  const c = createCanvas(w, h);
  const scene = generalScenes["home-hero"];
  if (!scene) throw new Error("home-hero recipe missing");
  scene(c, mulberry32(hashString("og-image")));
  const shade = linear(
    c,
    [
      [0, "#1c1410", 0.72],
      [0.55, "#1c1410", 0.35],
      [1, "#1c1410", 0],
    ],
    0,
    0,
    w,
    0,
  );
  c.body.push(`<rect width="${w}" height="${h}" fill="${shade}"/>`);
  c.body.push(
    `<g font-family="DejaVu Sans, Helvetica, Arial, sans-serif" fill="#ffffff">` +
      `<text x="80" y="250" font-size="72" font-weight="700" letter-spacing="-1">Red Cliffs Counseling</text>` +
      `<text x="80" y="338" font-size="72" font-weight="700" letter-spacing="-1">&amp; Wellness</text>` +
      `<rect x="82" y="378" width="96" height="5" rx="2" fill="#f6b88a"/>` +
      `<text x="80" y="446" font-size="40" fill="#fbe7d6">Cedar City, Utah</text>` +
      `</g>`,
  );
  const buf = await sharp(Buffer.from(svgDocument(c)), { density: 72 })
    .resize(w, h)
    .flatten({ background: "#000000" })
    .jpeg({ quality: 82, mozjpeg: true, chromaSubsampling: "4:4:4" })
    .toBuffer();
  await output(path.join(publicDir, "images", "og-image.jpg"), buf);
  return buf.length;
}

async function main() {
  const args = process.argv.slice(2);
  const keepSvg = args.includes("--svg");
  const checking = args.includes("--check");
  const differing: Array<string> = [];
  const output = checking ? checkOutput(differing) : writeOutput;
  const filters = args.filter((a) => !a.startsWith("--"));
  const selected = filters.length ? bundledImages.filter((img) => filters.some((flt) => img.key.includes(flt))) : bundledImages;
  sharp.concurrency(2);
  const started = Date.now();
  const all: Written[] = [];
  // Two at a time: enough to use both cores of the build machine without thrashing.
  const queue = selected.slice();
  async function worker() {
    for (let image = queue.shift(); image; image = queue.shift()) all.push(...(await writeImage(image, keepSvg, output)));
  }
  await Promise.all([worker(), worker()]);
  if (!filters.length && !checking) {
    const expected = new Set(all.map((wr) => wr.file));
    for (const image of bundledImages) expected.add(path.join(publicDir, plainImageSrc(image)));
    await pruneStale(expected);
  }
  await output(path.join(publicDir, "favicon.svg"), Buffer.from(faviconSvg));
  const ogBytes = await writeOgImage(output);

  console.log(
    `\n${selected.length} images, ${all.length} variants (+ plain-URL copies) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log("category   width  format   count   median KB   max KB   largest");
  const groups = new Map<string, Written[]>();
  for (const wr of all) {
    const key = `${wr.category}:${String(wr.width).padStart(5)}:${wr.format}`;
    groups.set(key, [...(groups.get(key) ?? []), wr]);
  }
  for (const [key, items] of [...groups].sort()) {
    const [category, width, format] = key.split(":");
    const sizes = items.map((i) => i.bytes);
    const max = items.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    console.log(
      `${(category ?? "").padEnd(10)} ${width ?? ""}  ${(format ?? "").padEnd(6)} ${String(items.length).padStart(7)} ${(median(sizes) / 1024).toFixed(1).padStart(11)} ${(max.bytes / 1024).toFixed(1).padStart(8)}   ${path.basename(max.file)}`,
    );
  }
  const total = (format: MediaVariantFormat) => all.filter((wr) => wr.format === format).reduce((sum, wr) => sum + wr.bytes, 0);
  console.log(
    `total: AVIF ${(total("avif") / 1024).toFixed(0)} KB, WebP ${(total("webp") / 1024).toFixed(0)} KB (plain-URL copies not counted)`,
  );
  console.log(`og-image.jpg 1200x630: ${(ogBytes / 1024).toFixed(1)} KB; favicon.svg: ${faviconSvg.length} bytes`);
  if (!checking) return;
  if (differing.length) {
    console.error(`\n${differing.length} files differ from what this script makes (run it without --check to remake them):`);
    for (const file of differing) console.error(`  ${file}`);
    process.exitCode = 1;
  } else {
    console.log("\nevery file checked is as this script makes it");
  }
}

await main();
