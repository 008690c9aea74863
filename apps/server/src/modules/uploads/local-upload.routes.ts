import {
  fileBodySchema,
  grantIdParamsSchema,
  isCanonicalUuid,
  localUploadQuerySchema,
  UPLOAD_MAX_BYTES,
} from '@bid/contract';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { UploadGrant } from '../../db/schema/index.js';
import { LOCAL_UPLOAD_PATH_PREFIX, type LocalObjectStorage } from '../../lib/storage/local-storage.js';
import { uploadErrors } from './upload-errors.js';
import { authorizeLocalUpload, receiveLocalUpload, type UploadsDeps } from './uploads.service.js';

/**
 * PUT /api/objects/uploads/:grantId, the local-storage stand-in for a presigned S3 URL.
 *
 * The one route that takes a body other than JSON (docs/engineering.md §5 explains the exception in
 * docs/uploads.md): the browser PUTs the file itself, as S3 would expect. The raw-body parser
 * and the 5 MB limit exist only inside this encapsulated plugin; the cross-site refusal of the
 * security plugin still applies, and the signature, expiry and owner are checked before a byte
 * of the body is read.
 */
export async function localUploadRoutes(
  app: FastifyInstance,
  opts: { deps: UploadsDeps & { storage: LocalObjectStorage } },
) {
  const { deps } = opts;
  const { signer } = deps.storage;
  const authorized = new WeakMap<FastifyRequest, UploadGrant>();

  app.addContentTypeParser(
    /^image\/[\w.+-]+$/i,
    { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );
  // Fastify's own refusals, in the words of the upload flow; everything else goes to the app's handler.
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw uploadErrors.tooLarge();
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw uploadErrors.notAnImage();
    throw error;
  });

  app.withTypeProvider<ZodTypeProvider>().put(
    `${LOCAL_UPLOAD_PATH_PREFIX}:grantId`,
    {
      bodyLimit: UPLOAD_MAX_BYTES,
      // Declared, not checked: onRequest (above the schemas) checks the id and the signature.
      schema: { params: grantIdParamsSchema, querystring: localUploadQuerySchema, body: fileBodySchema },
      onRequest: async (request) => {
        const { grantId } = request.params;
        if (!isCanonicalUuid(grantId)) throw uploadErrors.urlInvalid();
        const grant = await authorizeLocalUpload(
          { ...deps, verify: (id, expires, signature) => signer.verify(id, expires, signature) },
          { userId: request.userId, grantId, expires: request.query.expires, signature: request.query.signature },
        );
        authorized.set(request, grant);
      },
    },
    async (request, reply) => {
      const grant = authorized.get(request);
      if (!grant) throw uploadErrors.urlInvalid();
      await receiveLocalUpload(deps, grant, request.body);
      return reply.status(200).send();
    },
  );
}
