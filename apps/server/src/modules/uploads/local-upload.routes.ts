import { isCanonicalUuid, UPLOAD_MAX_BYTES } from '@bid/contract';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../plugins/endpoint-route.js';
import type { UploadGrant } from '../../db/schema/index.js';
import type { LocalObjectStorage } from '../../lib/storage/local-storage.js';
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
  const authorized = new WeakMap<object, UploadGrant>();

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

  /** The upload URL is judged before who is asking: signature, expiry, then the member. */
  async function authorize(request: FastifyRequest) {
    const { grantId } = request.params as { grantId: string };
    if (!isCanonicalUuid(grantId)) throw uploadErrors.urlInvalid();
    const query = request.query as { expires?: unknown; signature?: unknown };
    const grant = await authorizeLocalUpload(
      { ...deps, verify: (id, expires, signature) => signer.verify(id, expires, signature) },
      { userId: request.userId, grantId, expires: query.expires, signature: query.signature },
    );
    authorized.set(request, grant);
  }

  route(
    app,
    'receiveLocalUpload',
    async (request, reply) => {
      const grant = authorized.get(request);
      if (!grant) throw uploadErrors.urlInvalid();
      await receiveLocalUpload(deps, grant, request.body);
      return reply.status(200).send();
    },
    {
      bodyLimit: UPLOAD_MAX_BYTES,
      // Above the schemas (which only declare the request): the id and the signature first.
      onRequest: (request, _reply, done) => {
        authorize(request).then(() => done(), done);
      },
    },
  );
}
