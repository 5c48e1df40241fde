import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';

/**
 * MP4/M4A files whose index (the moov box) comes after the audio (mdat), as many recorders and ffmpeg
 * without +faststart write them, cannot be decoded until their end: the decoder would hold the whole
 * file and then all of its samples at once (1.5-3 GB for an hour). Once such a file is on disk, the same
 * bytes can be read in "fast start" order instead, index first with its chunk offsets moved by the
 * index's size (what qt-faststart does), and decoded chunk by chunk like any other file.
 */

const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl']);

/** Where the top-level boxes of an MP4 head are: 'moov-first', 'mdat-first', or undefined when the head does not tell. */
export function mp4Layout(head: Uint8Array): 'moov-first' | 'mdat-first' | undefined {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  let pos = 0;
  while (pos + 8 <= head.length) {
    let size = view.getUint32(pos);
    const type = String.fromCharCode(head[pos + 4]!, head[pos + 5]!, head[pos + 6]!, head[pos + 7]!);
    if (type === 'moov') return 'moov-first';
    if (type === 'mdat') return 'mdat-first';
    if (size === 1) {
      if (pos + 16 > head.length) return undefined;
      size = Number(view.getBigUint64(pos + 8));
    }
    if (size < 8) return undefined;
    pos += size;
  }
  return undefined;
}

/** Adds delta to every chunk offset (stco, co64) inside a moov box; false when an offset would not fit. */
function shiftChunkOffsets(moov: Buffer, start: number, end: number, delta: number): boolean {
  let pos = start;
  while (pos + 8 <= end) {
    const size = moov.readUInt32BE(pos);
    const type = moov.toString('latin1', pos + 4, pos + 8);
    if (size < 8 || pos + size > end) return false;
    if (CONTAINERS.has(type)) {
      if (!shiftChunkOffsets(moov, pos + 8, pos + size, delta)) return false;
    } else if (type === 'stco') {
      const count = moov.readUInt32BE(pos + 12);
      for (let i = 0; i < count; i++) {
        const at = pos + 16 + i * 4;
        const shifted = moov.readUInt32BE(at) + delta;
        if (shifted > 0xffffffff) return false;
        moov.writeUInt32BE(shifted, at);
      }
    } else if (type === 'co64') {
      const count = moov.readUInt32BE(pos + 12);
      for (let i = 0; i < count; i++) {
        const at = pos + 16 + i * 8;
        moov.writeBigUInt64BE(moov.readBigUInt64BE(at) + BigInt(delta), at);
      }
    }
    pos += size;
  }
  return true;
}

async function* range(file: string, start: number, end: number): AsyncGenerator<Uint8Array> {
  if (end <= start) return;
  for await (const chunk of createReadStream(file, { start, end: end - 1, highWaterMark: 65536 })) {
    yield chunk as Buffer;
  }
}

/**
 * The file's bytes in fast-start order (index before audio), or undefined when it is already in that
 * order or its layout is not one this can rewrite (the caller then decodes it as it is).
 */
export async function faststartStream(file: string): Promise<AsyncIterable<Uint8Array> | undefined> {
  const handle = await open(file, 'r');
  let moov: Buffer;
  let moovStart: number;
  let mdatStart: number;
  let fileSize: number;
  try {
    fileSize = (await handle.stat()).size;
    const header = Buffer.alloc(16);
    const boxes: { type: string; start: number; size: number; header: number }[] = [];
    for (let pos = 0; pos + 8 <= fileSize;) {
      await handle.read(header, 0, 16, pos);
      let size = header.readUInt32BE(0);
      let headerSize = 8;
      if (size === 1) {
        size = Number(header.readBigUInt64BE(8));
        headerSize = 16;
      } else if (size === 0) size = fileSize - pos;
      if (size < headerSize) return undefined;
      boxes.push({ type: header.toString('latin1', 4, 8), start: pos, size, header: headerSize });
      pos += size;
    }
    const moovBox = boxes.find((b) => b.type === 'moov');
    const mdatBox = boxes.find((b) => b.type === 'mdat');
    if (!moovBox || !mdatBox || moovBox.start < mdatBox.start || moovBox.header !== 8) return undefined;
    // The index of an hour of AAC is well under a megabyte; anything far larger is not a file we rewrite.
    if (moovBox.size > 64 * 1024 * 1024) return undefined;
    moov = Buffer.alloc(moovBox.size);
    await handle.read(moov, 0, moovBox.size, moovBox.start);
    if (!shiftChunkOffsets(moov, 8, moovBox.size, moovBox.size)) return undefined;
    moovStart = moovBox.start;
    mdatStart = mdatBox.start;
  } finally {
    await handle.close();
  }
  const index = moov;
  return (async function* () {
    yield* range(file, 0, mdatStart);
    yield index;
    yield* range(file, mdatStart, moovStart);
    yield* range(file, moovStart + index.length, fileSize);
  })();
}
