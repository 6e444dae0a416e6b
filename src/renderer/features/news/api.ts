import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  NEWS_PATHS,
  newsArticle,
  newsListAnswer,
  newsPreviewAnswer,
  newsVersionDetail,
  newsVersionList,
  type NewsArticle,
  type NewsCreateRequest,
  type NewsPublicationRequest,
  type NewsUpdateRequest,
} from '../../../shared/api/news';
import { apiClient } from '../../lib/app-api-client';
import type { NewsScreenQuery } from './news-query';
import { queryKeys } from '../../lib/query-keys';

// The news calls the screens make. Writes name the reader's language so the server's
// refusals (a stale version, a cover that is not an image, too large) come back in it; every
// write carries the version read and a 412 means someone saved since.

async function answerOf<T extends z.ZodType>(response: Response, answer: T): Promise<z.output<T>> {
  return answer.parse(await response.json());
}

function useWrite() {
  const { i18n } = useTranslation();
  return (method: 'post' | 'put' | 'delete', path: string, options: { json?: unknown; body?: Blob; searchParams?: Record<string, number> } = {}) =>
    apiClient.send(method, path, { ...options, headers: { 'Accept-Language': i18n.language } });
}

function useRefreshArticle() {
  const client = useQueryClient();
  return (article: NewsArticle) => {
    client.setQueryData(queryKeys.news.article(article.id), article);
    void client.invalidateQueries({ queryKey: queryKeys.news.lists });
    void client.invalidateQueries({ queryKey: queryKeys.news.versions(article.id) });
    void client.invalidateQueries({ queryKey: queryKeys.news.covers(article.id) });
  };
}

export function useNewsList(query: NewsScreenQuery) {
  return useQuery({
    queryKey: queryKeys.news.list(query),
    queryFn: () => apiClient.get(NEWS_PATHS.list, newsListAnswer, { ...query }),
    placeholderData: keepPreviousData,
  });
}

/** One article, as useArticle and a reload after a 412 ask for it. */
export const articleQuery = (id: number) => ({ queryKey: queryKeys.news.article(id), queryFn: () => apiClient.get(NEWS_PATHS.detail(id), newsArticle) });

export function useArticle(id: number | null) {
  return useQuery({ ...articleQuery(id ?? 0), enabled: id !== null });
}

export function useVersions(id: number) {
  return useQuery({
    queryKey: queryKeys.news.versions(id),
    queryFn: async () => (await apiClient.get(NEWS_PATHS.versions(id), newsVersionList)).results,
  });
}

export function useVersion(id: number, version: number | null) {
  return useQuery({
    queryKey: queryKeys.news.version(id, version),
    queryFn: () => apiClient.get(NEWS_PATHS.version(id, version!), newsVersionDetail),
    enabled: version !== null,
  });
}

export function useCreateArticle() {
  const write = useWrite();
  const refresh = useRefreshArticle();
  return useMutation({
    mutationFn: async (body: NewsCreateRequest) => answerOf(await write('post', NEWS_PATHS.list, { json: body }), newsArticle),
    onSuccess: refresh,
  });
}

export function useSaveArticle(id: number) {
  const write = useWrite();
  const refresh = useRefreshArticle();
  return useMutation({
    mutationFn: async (body: NewsUpdateRequest) => answerOf(await write('put', NEWS_PATHS.detail(id), { json: body }), newsArticle),
    onSuccess: refresh,
  });
}

export function usePublication(id: number) {
  const write = useWrite();
  const refresh = useRefreshArticle();
  return useMutation({
    mutationFn: async (body: NewsPublicationRequest) => answerOf(await write('post', NEWS_PATHS.publication(id), { json: body }), newsArticle),
    onSuccess: refresh,
  });
}

/** Sets (a file) or removes (null) the cover, with the article's version. */
export function useCover(article: NewsArticle) {
  const write = useWrite();
  const refresh = useRefreshArticle();
  return useMutation({
    mutationFn: async (file: Blob | null) =>
      answerOf(
        await write(file ? 'put' : 'delete', NEWS_PATHS.cover(article.id), { ...(file ? { body: file } : {}), searchParams: { version: article.version } }),
        newsArticle,
      ),
    onSuccess: refresh,
  });
}

export function useRestoreVersion(article: NewsArticle) {
  const write = useWrite();
  const refresh = useRefreshArticle();
  return useMutation({
    mutationFn: async (version: number) => answerOf(await write('post', NEWS_PATHS.restore(article.id, version), { json: { version: article.version } }), newsArticle),
    onSuccess: refresh,
  });
}

/** Approves (the revision becomes the article's text) or discards the article's pending revision, with the article's version. */
export function usePendingDecision(article: NewsArticle) {
  const write = useWrite();
  const refresh = useRefreshArticle();
  return useMutation({
    mutationFn: async (decision: 'approve' | 'discard') =>
      answerOf(await write('post', decision === 'approve' ? NEWS_PATHS.approvePending(article.id) : NEWS_PATHS.discardPending(article.id), { json: { version: article.version } }), newsArticle),
    onSuccess: refresh,
  });
}

/** The server's sanitised HTML of `body` (the editor's preview shows nothing the client built). */
export function usePreview() {
  const write = useWrite();
  return useMutation({
    mutationFn: async (body: string) => (await answerOf(await write('post', NEWS_PATHS.preview, { json: { body } }), newsPreviewAnswer)).body_html,
  });
}

/**
 * The cover as an object address: an <img> cannot send the session's token, so the image is
 * fetched like any call and shown from memory (released when the cover changes or the screen closes).
 */
export function useCoverImage(article: Pick<NewsArticle, 'id' | 'cover'>, of: 'article' | 'pending' = 'article'): string | null {
  const sha = article.cover?.sha256 ?? null;
  const image = useQuery({
    queryKey: queryKeys.news.cover(article.id, of, sha),
    queryFn: async () => (await apiClient.send('get', of === 'pending' ? NEWS_PATHS.pendingCover(article.id) : NEWS_PATHS.cover(article.id))).blob(),
    enabled: sha !== null,
    staleTime: Infinity,
  });
  const [address, setAddress] = useState<string | null>(null);
  useEffect(() => {
    if (!image.data || sha === null || typeof URL.createObjectURL !== 'function') {
      setAddress(null);
      return undefined;
    }
    const made = URL.createObjectURL(image.data);
    setAddress(made);
    return () => URL.revokeObjectURL(made);
  }, [image.data, sha]);
  return address;
}
