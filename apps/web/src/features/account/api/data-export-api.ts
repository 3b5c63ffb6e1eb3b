import type { DataExportAnswer, DataExportRequest, DataExportView } from '@churchtrades/shared/data-export';
import type { Envelope } from '@churchtrades/shared/envelope';
import { api } from '../../../lib/api';

/** An archive handed over: the name the server gave it, and the browser's own URL of its bytes. */
export interface DownloadedArchive {
  fileName: string;
  url: string;
}

/** The file name of `Content-Disposition: attachment; filename="…"`. */
function fileNameOf(disposition: string | null): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? 'churchtrades-data.zip';
}

/** "Download my data": where the archive stands, asking for one, and downloading it by the mailed link's key. */
const dataExportApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDataExport: build.query<DataExportView | null, void>({
      query: () => '/user/dataExport',
      transformResponse: (answer: Envelope<DataExportAnswer>) => answer.data.dataExport,
      providesTags: ['DataExport'],
      // The job changes it meanwhile: read again each time the page opens.
      keepUnusedDataFor: 0,
    }),
    requestDataExport: build.mutation<string, DataExportRequest>({
      query: (body) => ({ url: '/user/dataExport', method: 'POST', body }),
      transformResponse: (answer: Envelope<DataExportAnswer>) => answer.message,
      invalidatesTags: ['DataExport'],
    }),
    // A mutation, not a query: the link works once, so nothing may fetch it again by itself.
    downloadDataExport: build.mutation<DownloadedArchive, string>({
      query: (key) => ({
        url: `/user/dataExport/${encodeURIComponent(key)}`,
        responseHandler: async (response: Response) =>
          response.ok
            ? { fileName: fileNameOf(response.headers.get('content-disposition')), url: URL.createObjectURL(await response.blob()) }
            : response.json(),
      }),
      invalidatesTags: ['DataExport'],
    }),
  }),
});

export const { useGetDataExportQuery, useRequestDataExportMutation, useDownloadDataExportMutation } = dataExportApi;
