// Whether a baseline JPEG's compressed data is whole. libjpeg decodes damaged Huffman data without
// an error or even a warning: a photo with one byte in a thousand flipped is decoded to grey with
// coloured streaks and would be stored so (review F12; sharp's `failOn: "warning"` sees nothing,
// measured). So the scan is walked here, symbol by symbol, without decoding pixels: every code
// must be in its table, every block must hold at most 64 coefficients, and the data must end
// exactly where the last block does (in the byte the last block ends in). A desynchronised stream fails one of these almost surely.
// Anything this walker does not know (progressive or arithmetic coding, a DNL marker) is left to
// libjpeg as before.

export type ScanCheck = "intact" | "damaged" | "unchecked";

/** A Huffman table as libjpeg reads one: per code length, the largest code, and where its symbols start. */
type Huffman = { maxCode: Int32Array; offset: Int32Array; symbols: Uint8Array };

type Component = { id: number; h: number; v: number; dc?: Huffman; ac?: Huffman };

class Damaged extends Error {}
class Unsupported extends Error {}

/** The canonical Huffman codes of a DHT table (counts of codes of each length 1-16, then the symbols). */
function huffmanTable(counts: Uint8Array, symbols: Uint8Array): Huffman {
  const maxCode = new Int32Array(17).fill(-1);
  const offset = new Int32Array(17);
  let code = 0;
  let index = 0;
  for (let length = 1; length <= 16; length++) {
    const count = counts[length - 1]!;
    // A symbol of this length is symbols[offset + code].
    offset[length] = index - code;
    code += count;
    index += count;
    if (count > 0) maxCode[length] = code - 1;
    code <<= 1;
  }
  return { maxCode, offset, symbols };
}

/** Reads the entropy-coded bits of one scan, from `start` to the marker that ends it. */
class BitReader {
  readonly bytes: Uint8Array;
  #at: number;
  #byte = 0;
  #left = 0;
  constructor(bytes: Uint8Array, start: number) {
    this.bytes = bytes;
    this.#at = start;
  }

  bit(): number {
    if (this.#left === 0) {
      const byte = this.bytes[this.#at];
      if (byte === undefined) throw new Damaged();
      if (byte === 0xff) {
        const next = this.bytes[this.#at + 1];
        // A marker inside the data: the scan ended before its last block.
        if (next !== 0x00) throw new Damaged();
        this.#at += 2;
      } else {
        this.#at += 1;
      }
      this.#byte = byte;
      this.#left = 8;
    }
    this.#left -= 1;
    return (this.#byte >> this.#left) & 1;
  }

  bits(count: number): void {
    for (let n = 0; n < count; n++) this.bit();
  }

  symbol(table: Huffman): number {
    let code = 0;
    for (let length = 1; length <= 16; length++) {
      code = (code << 1) | this.bit();
      if (code <= table.maxCode[length]!) {
        const symbol = table.symbols[table.offset[length]! + code];
        if (symbol === undefined) throw new Damaged();
        return symbol;
      }
    }
    throw new Damaged();
  }

  /** At a restart marker or the scan's end: the rest of the byte is padding. */
  align(): void {
    this.#left = 0;
  }

  /** The restart marker RSTn expected next. */
  restart(n: number): void {
    if (this.bytes[this.#at] !== 0xff || this.bytes[this.#at + 1] !== 0xd0 + (n % 8)) throw new Damaged();
    this.#at += 2;
  }

  /** Where the reader is: the scan must end here, at a marker. */
  atMarker(): boolean {
    return this.bytes[this.#at] === 0xff && this.bytes[this.#at + 1] !== 0x00;
  }

  get position(): number {
    return this.#at;
  }
}

function walkBlock(reader: BitReader, component: Component): void {
  if (!component.dc || !component.ac) throw new Unsupported();
  const dc = reader.symbol(component.dc);
  if (dc > 11) throw new Damaged();
  reader.bits(dc);
  for (let k = 1; k < 64; ) {
    const rs = reader.symbol(component.ac);
    const run = rs >> 4;
    const size = rs & 15;
    if (size === 0) {
      if (run !== 15) return; // end of block
      k += 16;
    } else {
      k += run;
      if (size > 10) throw new Damaged();
      reader.bits(size);
      k += 1;
    }
    if (k > 64) throw new Damaged();
  }
}

// A 12-megapixel photo takes about 0.15 s to walk, on the thread that answers every request: the
// walk gives the other requests a turn every millisecond.
const sliceMs = 1;
const pauseForOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Checks a JPEG's scans; "unchecked" for what the walker does not support. */
export async function checkJpegScan(bytes: Uint8Array): Promise<ScanCheck> {
  try {
    return await walk(bytes);
  } catch (error) {
    if (error instanceof Damaged) return "damaged";
    if (error instanceof Unsupported || error instanceof RangeError) return "unchecked";
    throw error;
  }
}

async function walk(bytes: Uint8Array): Promise<ScanCheck> {
  const u16 = (at: number) => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
  const dcTables = new Map<number, Huffman>();
  const acTables = new Map<number, Huffman>();
  let frame: { width: number; height: number; components: Array<Component> } | null = null;
  let restartInterval = 0;
  let scans = 0;
  let at = 2;
  while (at + 2 <= bytes.length) {
    if (bytes[at] !== 0xff) throw new Unsupported();
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) return scans > 0 ? "intact" : "unchecked";
    const length = u16(at + 2);
    const segment = at + 4;
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) throw new Damaged();
    if (marker === 0xc0 || marker === 0xc1) {
      if (bytes[segment] !== 8) throw new Unsupported();
      const count = bytes[segment + 5]!;
      const components: Array<Component> = [];
      for (let n = 0; n < count; n++) {
        const base = segment + 6 + n * 3;
        components.push({ id: bytes[base]!, h: bytes[base + 1]! >> 4, v: bytes[base + 1]! & 15 });
      }
      frame = { height: u16(segment + 1), width: u16(segment + 3), components };
      if (frame.height === 0 || components.some((component) => component.h < 1 || component.v < 1)) throw new Unsupported();
    } else if ((marker >= 0xc2 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) || marker === 0xdc) {
      throw new Unsupported(); // progressive, lossless, arithmetic coding, or DNL
    } else if (marker === 0xc4) {
      for (let table = segment; table < end; ) {
        const kind = bytes[table]! >> 4;
        const id = bytes[table]! & 15;
        const counts = bytes.subarray(table + 1, table + 17);
        const total = counts.reduce((sum, count) => sum + count, 0);
        (kind === 0 ? dcTables : acTables).set(id, huffmanTable(counts, bytes.subarray(table + 17, table + 17 + total)));
        table += 17 + total;
      }
    } else if (marker === 0xdd) {
      restartInterval = u16(segment);
    } else if (marker === 0xda) {
      if (!frame) throw new Damaged();
      at = await walkScan(bytes, segment, end, frame, dcTables, acTables, restartInterval);
      scans += 1;
      continue;
    }
    at = end;
  }
  throw new Damaged(); // no end of image
}

/** Walks one scan's blocks; returns where the scan ended (a marker). */
async function walkScan(
  bytes: Uint8Array,
  header: number,
  dataStart: number,
  frame: { width: number; height: number; components: Array<Component> },
  dcTables: Map<number, Huffman>,
  acTables: Map<number, Huffman>,
  restartInterval: number,
): Promise<number> {
  const count = bytes[header]!;
  const components = Array.from({ length: count }, (_, n) => {
    const id = bytes[header + 1 + n * 2]!;
    const tables = bytes[header + 2 + n * 2]!;
    const component = frame.components.find((candidate) => candidate.id === id);
    if (!component) throw new Damaged();
    return { ...component, dc: dcTables.get(tables >> 4), ac: acTables.get(tables & 15) };
  });
  const hMax = Math.max(...frame.components.map((component) => component.h));
  const vMax = Math.max(...frame.components.map((component) => component.v));
  const single = components.length === 1 ? components[0]! : null;
  // One component alone is coded block by block over its own size; several, in MCUs.
  const columns = single ? Math.ceil(Math.ceil((frame.width * single.h) / hMax) / 8) : Math.ceil(frame.width / (8 * hMax));
  const rows = single ? Math.ceil(Math.ceil((frame.height * single.v) / vMax) / 8) : Math.ceil(frame.height / (8 * vMax));
  const units = columns * rows;
  const reader = new BitReader(bytes, dataStart);
  let sliceStart = performance.now();
  for (let unit = 0; unit < units; unit++) {
    if (unit % 64 === 0 && performance.now() - sliceStart > sliceMs) {
      await pauseForOthers();
      sliceStart = performance.now();
    }
    if (restartInterval > 0 && unit > 0 && unit % restartInterval === 0) {
      reader.align();
      reader.restart(unit / restartInterval - 1);
    }
    if (single) walkBlock(reader, single);
    else for (const component of components) for (let block = 0; block < component.h * component.v; block++) walkBlock(reader, component);
  }
  reader.align();
  // The data must end where the last block does: anything more means the blocks were misread.
  if (!reader.atMarker()) throw new Damaged();
  return reader.position;
}
