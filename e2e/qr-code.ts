import jsqr from 'jsqr';
import type { Locator } from 'playwright-core';
import { PNG } from 'pngjs';

// jsqr is CommonJS: imported from ESM its default export is the whole module, whose `default` is the decoder.
const decodeQr = jsqr.default;

/**
 * Reads a QR code the way a phone's camera does: from the pixels the browser painted (a screenshot of the element),
 * not from the markup. Only dark-on-light symbols are tried, as many scanners do, so an inverted code fails.
 */
export async function scanQrCode(element: Locator): Promise<string> {
  const image = PNG.sync.read(await element.screenshot());
  const pixels = new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  const found = decodeQr(pixels, image.width, image.height, { inversionAttempts: 'dontInvert' });
  if (!found) throw new Error(`no QR code could be read from the ${image.width}×${image.height} screenshot`);
  return found.data;
}
