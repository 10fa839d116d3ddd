import { endpoints } from '@stashblog/contract/endpoints';
import { apiBase } from '@stashblog/contract/paths';
import type { ImportZip } from '@stashblog/contract/product-transfer';
import { importTexts } from '@stashblog/contract/product-transfer-texts';
import { getToken } from '../../lib/session';

// The import's ZIP of images goes up raw (application/zip), not in JSON, so a 100 MB ZIP is sent
// once and the page can show how far it is (decision 062). Resolves with the draft import holding it.
export function uploadImportZip(file: File, onProgress: (percent: number) => void): Promise<ImportZip> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', `${apiBase}${endpoints.userAdminProducts.uploadImportZip.path}?${new URLSearchParams({ fileName: file.name })}`);
    xhr.setRequestHeader('content-type', 'application/zip');
    xhr.setRequestHeader('accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('authorization', token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: { payload?: { zip?: ImportZip }; error?: string; message?: string } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {}
      if (xhr.status >= 200 && xhr.status < 300 && body.payload?.zip) {
        onProgress(100);
        resolve(body.payload.zip);
      } else reject(new Error(body.error || body.message || importTexts.zipUnreadable));
    };
    xhr.onerror = () => reject(new Error(`${importTexts.zipUploading}: network error`));
    xhr.send(file);
  });
}
