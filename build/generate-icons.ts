import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodePng, type RgbaImage } from './png.ts';

// Rasterises the same shapes as build/icon.svg (a 512-unit canvas): a rounded square and two
// overlapping discs, one per side of a swap. Written in code so the icon set is reproducible offline.
type Rgba = readonly [number, number, number, number];
const BACKGROUND: Rgba = [30, 41, 59, 255];
const LEFT_DISC: Rgba = [45, 212, 191, 255];
const RIGHT_DISC: Rgba = [251, 191, 36, 255];

/** Sizes written to build/icons/ as `NxN.png`, the layout electron-builder expects for Linux. */
export const ICON_SIZES = [16, 32, 48, 64, 128, 256, 512] as const;

function insideRoundedSquare(x: number, y: number): boolean {
  const r = 96;
  const cx = Math.min(Math.max(x, 32 + r), 480 - r);
  const cy = Math.min(Math.max(y, 32 + r), 480 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

function colourAt(x: number, y: number): Rgba | undefined {
  if (!insideRoundedSquare(x, y)) return undefined;
  const inRight = (x - 304) ** 2 + (y - 304) ** 2 <= 120 ** 2;
  if (inRight) return RIGHT_DISC;
  if ((x - 208) ** 2 + (y - 208) ** 2 <= 120 ** 2) return LEFT_DISC;
  return BACKGROUND;
}

/** Renders the icon at `size` pixels with 4x4 supersampling so small sizes stay smooth. */
export function renderIcon(size: number): RgbaImage {
  const pixels = new Uint8Array(size * size * 4);
  const samples = 4;
  const scale = 512 / size;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const c = colourAt((px + (sx + 0.5) / samples) * scale, (py + (sy + 0.5) / samples) * scale);
          if (!c) continue;
          const a = c[3] / 255;
          sum[0]! += c[0] * a;
          sum[1]! += c[1] * a;
          sum[2]! += c[2] * a;
          sum[3]! += a;
        }
      }
      const coverage = sum[3]!;
      const o = (py * size + px) * 4;
      if (coverage === 0) continue;
      pixels.set([sum[0]! / coverage, sum[1]! / coverage, sum[2]! / coverage, (coverage / samples ** 2) * 255].map(Math.round), o);
    }
  }
  return { width: size, height: size, pixels };
}

/** Writes build/icon.png (512x512) and build/icons/NxN.png. */
export function writeIcons(buildDir: string): void {
  mkdirSync(join(buildDir, 'icons'), { recursive: true });
  for (const size of ICON_SIZES) writeFileSync(join(buildDir, 'icons', `${size}x${size}.png`), encodePng(renderIcon(size)));
  writeFileSync(join(buildDir, 'icon.png'), encodePng(renderIcon(512)));
}

if (import.meta.main) writeIcons(import.meta.dirname);
