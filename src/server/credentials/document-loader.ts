import dataIntegrityContext from '@digitalbazaar/data-integrity-context';
import multikeyContext from '@digitalbazaar/multikey-context';
import { defaultDocumentLoader } from '@digitalbazaar/vc';

// Every JSON-LD document a credential is signed or verified with comes from here, never from the
// network: the contexts bundled in the packages (credentials v1/v2, data integrity, multikey), and
// whatever the caller resolves itself (our did:web document and keys, our status lists, a did:key,
// a did:web document an officer supplied). Anything else is refused, so a credential naming a
// remote context cannot make the server fetch it.

export type DocumentLoader = (url: string) => Promise<{ contextUrl: string | null; documentUrl: string; document: unknown }>;

/** A caller's own documents: the document for a URL, or undefined when it does not know it. */
export type DocumentResolver = (url: string) => Promise<unknown>;

const BUNDLED = new Map<string, unknown>([...dataIntegrityContext.contexts, ...multikeyContext.contexts]);

export class RefusedDocumentError extends Error {
  constructor(readonly url: string) {
    super(`Not loaded: ${url} is neither a bundled context nor a document this server knows (nothing is fetched from the network).`);
  }
}

export function documentLoader(...resolvers: DocumentResolver[]): DocumentLoader {
  return async (url: string) => {
    const bundled = BUNDLED.get(url);
    if (bundled !== undefined) return { contextUrl: null, documentUrl: url, document: bundled };
    for (const resolve of resolvers) {
      const document = await resolve(url);
      if (document !== undefined) return { contextUrl: null, documentUrl: url, document };
    }
    // The credentials contexts (and the security contexts jsonld-signatures adds), bundled in @digitalbazaar/vc.
    try {
      return await defaultDocumentLoader(url);
    } catch {
      throw new RefusedDocumentError(url);
    }
  };
}
