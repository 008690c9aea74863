import { z } from 'zod';

/**
 * The body of a route that reads none (an action named by its URL alone, such as accepting a
 * plan or marking every notification read). Whatever a client sends is ignored, as it always
 * was; declaring it says so, where a missing body schema would mean "not declared yet".
 */
export const noBodySchema = z.unknown();

/**
 * The raw text of a signed provider call (a webhook reads JSON as text to check its signature);
 * anything but text is read as an empty body, which no signature matches.
 */
export const rawTextBodySchema = z.string().catch('');

/** A provider's form post (the sign-in callback); anything but a form is read as an empty one. */
export const formBodySchema = z.instanceof(URLSearchParams).catch(() => new URLSearchParams());

/** The file bytes of a local upload (PUT /api/objects/uploads/:grantId); anything else reads as none. */
export const fileBodySchema = z.instanceof(Uint8Array).optional().catch(undefined);

/** The signed query of a local upload URL; the use case checks the signature itself. */
export const localUploadQuerySchema = z.object({ expires: z.unknown().optional(), signature: z.unknown().optional() });

/** The `token` of an unsubscribe link; the use case checks its signature itself. */
export const unsubscribeQuerySchema = z.object({ token: z.unknown().optional() });

/** GET /api/login?provider: a missing provider goes back to the sign-in screen. */
export const providerSignInQuerySchema = z.object({ provider: z.string().optional() });

/**
 * A body schema that reads a missing body as `{}`, so a request without one is answered with the
 * first field's own message (as the use cases that parsed `body ?? {}` did), not "expected object".
 */
export const bodyOrEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((value) => value ?? {}, schema);
