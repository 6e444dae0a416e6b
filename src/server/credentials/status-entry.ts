// Revocation as a Bitstring Status List: an issued document's index is its id, in lists of
// 131,072 entries (the length the specification recommends, 16 KB before compression, so a
// verifier's download says nothing about which document it checks). List n holds ids from
// n × LENGTH; a bit is set while the document is revoked (status-list.ts makes the list).

export const STATUS_LIST_LENGTH = 131_072;

export const statusListOf = (issuedDocumentId: number) => ({ list: Math.floor(issuedDocumentId / STATUS_LIST_LENGTH), index: issuedDocumentId % STATUS_LIST_LENGTH });

/** `<api>/credentials/status/<n>/`, beside the public check of codes (`<api>/verify`). */
export function statusListUrl(publicVerifyUrl: string, list: number): string {
  return new URL(`../credentials/status/${list}/`, `${publicVerifyUrl.replace(/\/+$/, '')}/`).toString();
}

/** The entry a credential carries for its document. */
export function statusEntry(publicVerifyUrl: string, issuedDocumentId: number) {
  const { list, index } = statusListOf(issuedDocumentId);
  const url = statusListUrl(publicVerifyUrl, list);
  return { id: `${url}#${index}`, type: 'BitstringStatusListEntry', statusPurpose: 'revocation', statusListIndex: String(index), statusListCredential: url };
}
