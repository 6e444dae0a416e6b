// The images the office uploads (the letterhead's logo, news covers): how large a picture may be,
// whatever its file size. A compressed file of a few kilobytes can declare 60000 × 60000 pixels
// and decode into gigabytes, so the server reads the declared size from the header and refuses
// before decoding anything.
//
// 4096 pixels a side is more than any letterhead (printed a few centimetres wide) or cover (shown
// at most full-screen width) needs; 16 megapixels still takes a 12-megapixel camera photo as it
// comes off the phone, and bounds one decoded image to about 64 MB (RGBA).

export const IMAGE_LIMITS = {
  maxWidth: 4096,
  maxHeight: 4096,
  maxPixels: 16_000_000,
} as const;

export const IMAGE_MESSAGES = {
  tooManyPixels: 'The image is too large: at most 4096 × 4096 pixels and 16 megapixels.',
  unreadable: 'The image could not be read. Save it again as PNG or JPEG and upload the new file.',
} as const;
