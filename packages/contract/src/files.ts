import { z } from 'zod';

/** What an uploaded file is for; each purpose has its own permission and size limit. */
export const filePurposes = ['avatar', 'logo', 'student-photo'] as const;
export type FilePurpose = (typeof filePurposes)[number];

/** Images the server accepts, recognised by their first bytes, never by the client's word. */
export const imageMimeTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

export const fileSchema = z.object({
  id: z.uuid(),
  purpose: z.enum(filePurposes),
  mimeType: z.enum(imageMimeTypes),
  size: z.number().int().min(0),
  /** Where to read it: GET with the bearer header, or the app's access-token cookie. */
  url: z.string(),
  createdAt: z.iso.datetime(),
});
export type StoredFile = z.infer<typeof fileSchema>;
export const fileResponseSchema = z.object({ file: fileSchema });
