import type { Duplex } from 'node:stream';
import sharp from 'sharp';

/** Past this many pixels (all frames together) an image is refused: a few kilobytes must not decode to gigabytes. */
const MAX_PIXELS = 100_000_000;

/**
 * Re-encodes an image without its metadata, as a stream between the content check and storage.
 * Many images are phone photos taken by minors: EXIF (GPS position, camera, times), XMP and IPTC
 * must not be kept. The pixels are first turned upright by the EXIF orientation, which is
 * dropped with the rest; every frame of an animated GIF or WebP is kept. The output has the
 * input's format, so the sniffed type still holds.
 */
export function withoutImageMetadata(): Duplex {
  return sharp({ animated: true, failOn: 'error', limitInputPixels: MAX_PIXELS }).autoOrient();
}
