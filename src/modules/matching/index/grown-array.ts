type GrowableArray = Int32Array<ArrayBuffer> | Uint16Array<ArrayBuffer> | Uint8Array<ArrayBuffer>;

/**
 * The array itself when it holds `minimumLength` values, else a copy of it at least twice as
 * long (so that growing one value at a time stays linear overall).
 */
export function grown<T extends GrowableArray>(array: T, minimumLength: number): T {
  if (array.length >= minimumLength) return array;
  const SameKind = array.constructor as new (length: number) => T;
  const larger = new SameKind(Math.max(minimumLength, array.length * 2));
  larger.set(array);
  return larger;
}
