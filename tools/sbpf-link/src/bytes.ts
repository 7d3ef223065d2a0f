/** Little-endian writes into a fixed-size output image. */
export interface ByteSink {
  readonly bytes: Uint8Array;
  u8(offset: number, value: number): void;
  u16(offset: number, value: number): void;
  u32(offset: number, value: number): void;
  i32(offset: number, value: number): void;
  u64(offset: number, value: bigint | number): void;
  copy(offset: number, source: Uint8Array): void;
}

/** Creates a zero-filled sink of `size` bytes. */
export function createByteSink(size: number): ByteSink {
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  return {
    bytes,
    u8: (o, v) => view.setUint8(o, v),
    u16: (o, v) => view.setUint16(o, v, true),
    u32: (o, v) => view.setUint32(o, v >>> 0, true),
    i32: (o, v) => view.setInt32(o, v, true),
    u64: (o, v) => view.setBigUint64(o, BigInt.asUintN(64, BigInt(v)), true),
    copy: (o, source) => bytes.set(source, o),
  };
}

/** Rounds `value` up to a multiple of `alignment` (alignment <= 1 leaves it unchanged). */
export function alignUp(value: number, alignment: number): number {
  return alignment > 1 ? Math.ceil(value / alignment) * alignment : value;
}
