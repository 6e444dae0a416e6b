import { z } from 'zod';

// The three names of a council, commission or service as they travel in an answer. The type and
// the reader's pick (`nameIn`) live in ../localised-name.ts, without zod: the renderer's
// formatting module imports them, and the sign-in screen must not load zod.

/** The three names as they travel in an answer. */
export const localisedName = z.object({ name_en: z.string(), name_sq: z.string(), name_sr: z.string() });
