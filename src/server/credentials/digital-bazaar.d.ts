// The Digital Bazaar verifiable-credential packages ship JavaScript without types: what this
// server uses of them, typed as loosely as their documentation promises and no more.

type JsonObject = Record<string, unknown>;
type DocumentLoader = (url: string) => Promise<{ contextUrl: string | null; documentUrl: string; document: unknown }>;

declare module '@digitalbazaar/vc' {
  export const defaultDocumentLoader: DocumentLoader;
  export function issue(options: { credential: JsonObject; suite: unknown; documentLoader: DocumentLoader; now?: Date | string }): Promise<JsonObject>;
  export function verifyCredential(options: {
    credential: unknown;
    suite: unknown;
    documentLoader: DocumentLoader;
    checkStatus?: (options: { credential: JsonObject; documentLoader: DocumentLoader; suite: unknown }) => Promise<{ verified: boolean; status?: boolean; error?: Error }>;
    now?: Date | string;
  }): Promise<{ verified: boolean; error?: Error & { errors?: Error[] }; results?: { verified: boolean; error?: Error }[]; statusResult?: { verified: boolean; status?: boolean; error?: Error } }>;
}

declare module '@digitalbazaar/data-integrity' {
  export class DataIntegrityProof {
    constructor(options: { signer?: unknown; cryptosuite: unknown; date?: Date | string });
  }
}

declare module '@digitalbazaar/eddsa-rdfc-2022-cryptosuite' {
  export const cryptosuite: unknown;
}

declare module '@digitalbazaar/ed25519-multikey' {
  export interface Ed25519KeyPair {
    id?: string;
    controller?: string;
    publicKeyMultibase: string;
    secretKeyMultibase?: string;
    signer(): { id?: string; algorithm: string; sign(options: { data: Uint8Array }): Promise<Uint8Array> };
    export(options: { publicKey?: boolean; secretKey?: boolean; includeContext?: boolean }): Promise<JsonObject & { publicKeyMultibase: string; secretKeyMultibase?: string }>;
  }
  export function generate(options?: { id?: string; controller?: string; seed?: Uint8Array }): Promise<Ed25519KeyPair>;
  export function from(key: JsonObject): Promise<Ed25519KeyPair>;
}

declare module '@digitalbazaar/vc-bitstring-status-list' {
  export interface BitstringStatusList {
    setStatus(index: number, status: boolean): void;
    getStatus(index: number): boolean;
  }
  export function createList(options: { length: number }): Promise<BitstringStatusList>;
  export function createCredential(options: { id: string; list: BitstringStatusList; statusPurpose: string }): Promise<JsonObject>;
  export function checkStatus(options: {
    credential: JsonObject;
    documentLoader: DocumentLoader;
    suite: unknown;
    verifyBitstringStatusListCredential?: boolean;
    verifyMatchingIssuers?: boolean;
  }): Promise<{ verified: boolean; results?: { verified: boolean; status?: boolean }[]; error?: Error }>;
}

declare module '@digitalbazaar/did-method-key' {
  export function driver(): {
    use(options: { multibaseMultikeyHeader: string; fromMultibase: (options: { publicKeyMultibase: string }) => Promise<unknown> }): void;
    get(options: { did?: string; url?: string }): Promise<JsonObject>;
  };
}

declare module '@digitalbazaar/data-integrity-context' {
  const context: { contexts: Map<string, unknown> };
  export default context;
}

declare module '@digitalbazaar/multikey-context' {
  const context: { contexts: Map<string, unknown> };
  export default context;
}
