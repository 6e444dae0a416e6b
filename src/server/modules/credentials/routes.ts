import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HTTP_STATUS } from '../../../shared/api/drf';
import { credentialKeysAnswer, DID_DOCUMENT_PATH, DOCUMENT_SEAL_PATHS } from '../../../shared/api/document-seals';
import { currentUser, requirePermission } from '../../auth-context';
import { currentIssuer } from '../../credentials/current-issuer';
import { recordAudit } from '../../shared/audit';

// The office as an issuer of verifiable credentials: its did:web document (at the server's root,
// where did:web looks), its revocation lists (public, cacheable, so verifiers can poll), and
// the keys in the system settings (listed; rotated by an administrator).

const tags = ['credentials'];
/** Verifiers poll the lists: five minutes in caches, revalidated by ETag after that. */
const STATUS_LIST_MAX_AGE_S = 300;
const listParams = z.object({ list: z.coerce.number().int().min(0).max(16_383) });

// The credentials libraries (jsonld, the cryptosuite) load with the first request that needs them.
const credentials = () => import('../../credentials/credentials');
const issuerKeys = () => import('../../credentials/issuer-keys');

function sendJson(reply: FastifyReply, request: FastifyRequest, document: unknown, mediaType: string, cacheControl: string) {
  const body = JSON.stringify(document);
  const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
  reply.header('cache-control', cacheControl).header('etag', etag).header('access-control-allow-origin', '*');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type(mediaType).send(body);
}

export const credentialRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;

  app.get(
    '/credentials/status/:list/',
    { schema: { tags, summary: 'Public: a Bitstring Status List credential (revocation) of the office’s credentials; cacheable, ETag', params: listParams } },
    async (request, reply) => {
      const { signedStatusList } = await credentials();
      const list = await signedStatusList(await currentIssuer({ db, config }), request.params.list);
      return sendJson(reply, request, list, 'application/vc+ld+json', `public, max-age=${STATUS_LIST_MAX_AGE_S}, must-revalidate`);
    },
  );

  app.get(
    DOCUMENT_SEAL_PATHS.credentialKeys,
    { preHandler: requirePermission('settings.view_settings'), schema: { tags, summary: 'The did:web identifier and its keys, current and retired', response: { [HTTP_STATUS.ok]: credentialKeysAnswer } } },
    async () => keysAnswer(),
  );

  app.post(
    DOCUMENT_SEAL_PATHS.rotateCredentialKey,
    { preHandler: requirePermission('settings.change_settings'), schema: { tags, summary: 'Retire the current key (it stays in the DID document) and make the next', response: { [HTTP_STATUS.ok]: credentialKeysAnswer } } },
    async (request) => {
      const { rotateKey } = await issuerKeys();
      const actor = currentUser(request);
      await db.transaction().execute(async (trx) => {
        await rotateKey(trx, config.jwtSecret, actor.id);
        await recordAudit(trx, { actorId: actor.id, action: 'settings.credential_key_rotated', entityType: 'system_settings', entityId: null, details: {}, ip: request.ip });
      });
      return keysAnswer();
    },
  );

  async function keysAnswer() {
    const [{ listKeys, keyId }, issuer] = await Promise.all([issuerKeys(), currentIssuer({ db, config })]);
    const { currentSigningKey } = await issuerKeys();
    // The first key is made when it is first needed: the settings show it from the start.
    await currentSigningKey(db, config.jwtSecret, issuer.did);
    const keys = await listKeys(db);
    return {
      did: issuer.did,
      did_document_url: `https://${decodeURIComponent(issuer.did.slice('did:web:'.length))}${DID_DOCUMENT_PATH}`,
      keys: keys.map((key) => ({
        id: key.id,
        key_id: keyId(issuer.did, key),
        public_key_multibase: key.public_key_multibase,
        created_at: key.created_at.toISOString(),
        retired_at: key.retired_at ? new Date(key.retired_at).toISOString() : null,
      })),
    };
  }
};

/** At the server's root, not under /api: did:web resolves https://<host>/.well-known/did.json. */
export const didDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  app.get(DID_DOCUMENT_PATH, { schema: { tags, summary: 'Public: the office’s DID document (did:web) with its current and retired keys' } }, async (request, reply) => {
    const [{ didDocument, listKeys, currentSigningKey }, issuer] = await Promise.all([issuerKeys(), currentIssuer({ db, config })]);
    await currentSigningKey(db, config.jwtSecret, issuer.did);
    return sendJson(reply, request, didDocument(issuer.did, await listKeys(db)), 'application/did+json', `public, max-age=${STATUS_LIST_MAX_AGE_S}`);
  });
};
