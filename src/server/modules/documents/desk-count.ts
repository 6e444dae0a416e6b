import { documentListQuery } from '../../../shared/api/documents';
import { applicationScope } from '../../application-scope';
import { ONE_ROW, type DeskCounters } from '../../desk-counts';
import { listDocuments } from './document-queries';

/** The document list's total under a filter, as GET /documents/ reads it. */
export const documentDeskCounters: Pick<DeskCounters, 'documents'> = {
  documents: async (db, user, query) => {
    const { page: _page, page_size: _size, ...filter } = documentListQuery.parse(query);
    return (await listDocuments(db, applicationScope(user), filter, ONE_ROW)).count;
  },
};
