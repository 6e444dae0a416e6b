import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SETTINGS_PATHS, letterheadLogo, settingsAnswer, type LetterheadLogo, type SettingsGroup, type SettingsUpdate } from '../../../shared/api/settings';
import { credentialKeysAnswer, DOCUMENT_SEAL_PATHS, sealState, type SealState, type SealUpdate } from '../../../shared/api/document-seals';
import { apiClient } from '../../lib/app-api-client';
import { queryKeys } from '../../lib/query-keys';

// The system settings calls: every group at once, and saving one group with the version
// it was read at. A save answers every group as now stored; that answer replaces the cached one.
// Writes name the reader's language: the server sends its refusals in it.


export function useSystemSettings() {
  return useQuery({ queryKey: queryKeys.systemSettings.all, queryFn: () => apiClient.get(SETTINGS_PATHS.all, settingsAnswer), retry: false });
}

export function useSaveSettings<G extends SettingsGroup>(group: G, language: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (update: SettingsUpdate<G>) => {
      const response = await apiClient.send('put', SETTINGS_PATHS.group(group), { json: update, headers: { 'Accept-Language': language } });
      return settingsAnswer.parse(await response.json());
    },
    onSuccess: (answer) => {
      client.setQueryData(queryKeys.systemSettings.all, answer);
      // The idle timeout this window signs out after (lib/idle-sign-out.ts) is read from the public settings.
      if (group === 'security') void client.invalidateQueries({ queryKey: queryKeys.systemSettings.public });
    },
  });
}

export function useReloadSettings() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKeys.systemSettings.all });
}


/** The letterhead logo's state (whether one is set, its version). */
export function useLetterheadLogo() {
  return useQuery({ queryKey: queryKeys.systemSettings.logo, queryFn: () => apiClient.get(SETTINGS_PATHS.logo, letterheadLogo), retry: false });
}

/** Sets (a file) or removes (null) the logo with the version read; the answer replaces the cached state. */
export function useChangeLogo(language: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, version }: { file: Blob | null; version: number }) => {
      const response = await apiClient.send(file ? 'put' : 'delete', SETTINGS_PATHS.logo, {
        ...(file ? { body: file } : {}),
        searchParams: { version },
        headers: { 'Accept-Language': language },
      });
      return letterheadLogo.parse(await response.json());
    },
    onSuccess: (answer: LetterheadLogo) => client.setQueryData(queryKeys.systemSettings.logo, answer),
  });
}

/**
 * The logo as an object address: an <img> cannot send the session's token, so the image is
 * fetched like any call and shown from memory (released when the logo changes or the screen closes).
 */
export function useLogoImage(sha256: string | null): string | null {
  const image = useQuery({
    queryKey: queryKeys.systemSettings.logoFile(sha256),
    queryFn: async () => (await apiClient.send('get', SETTINGS_PATHS.logoFile)).blob(),
    enabled: sha256 !== null,
    staleTime: Infinity,
  });
  const [address, setAddress] = useState<string | null>(null);
  useEffect(() => {
    if (!image.data || sha256 === null || typeof URL.createObjectURL !== 'function') {
      setAddress(null);
      return undefined;
    }
    const made = URL.createObjectURL(image.data);
    setAddress(made);
    return () => URL.revokeObjectURL(made);
  }, [image.data, sha256]);
  return address;
}

/** The office's seal: its certificate's particulars and the timestamp authority (the file and its password never come back). */
export function useSealState() {
  return useQuery({ queryKey: queryKeys.systemSettings.seal, queryFn: () => apiClient.get(DOCUMENT_SEAL_PATHS.seal, sealState), retry: false });
}

/** Installs a seal and/or sets the timestamp authority (a SealUpdate), or removes the seal (`remove`), at the version read. */
export function useChangeSeal(language: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: SealUpdate | { remove: true; version: number }) => {
      const headers = { 'Accept-Language': language };
      const response =
        'remove' in change
          ? await apiClient.send('delete', DOCUMENT_SEAL_PATHS.seal, { searchParams: { version: change.version }, headers })
          : await apiClient.send('put', DOCUMENT_SEAL_PATHS.seal, { json: change, headers });
      return sealState.parse(await response.json());
    },
    onSuccess: (answer: SealState) => client.setQueryData(queryKeys.systemSettings.seal, answer),
  });
}

/** The office's did:web identifier and its credential keys, current and retired. */
export function useCredentialKeys() {
  return useQuery({ queryKey: queryKeys.systemSettings.credentialKeys, queryFn: () => apiClient.get(DOCUMENT_SEAL_PATHS.credentialKeys, credentialKeysAnswer), retry: false });
}

/** Retires the current key (it stays in the DID document, so what it signed still verifies) and makes the next. */
export function useRotateCredentialKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post(DOCUMENT_SEAL_PATHS.rotateCredentialKey, {}, credentialKeysAnswer),
    onSuccess: (answer) => client.setQueryData(queryKeys.systemSettings.credentialKeys, answer),
  });
}
