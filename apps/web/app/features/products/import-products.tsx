import { endpoints } from '@stashblog/contract/endpoints';
import type { ProductImport } from '@stashblog/contract/product-transfer';
import { importLimits, importTexts } from '@stashblog/contract/product-transfer-texts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { api, apiPayload, isOk, toastFailure } from '../../lib/api-client';
import { Field } from '../../ui/field';
import { adminProductsKey } from './admin-products-api';
import { uploadImportZip } from './upload-import-zip';

// The import page (decision 059): pick a file, see every row's problems before anything is written,
// import, and watch the job's progress; leaving and coming back shows the latest import where it is.

const P = endpoints.userAdminProducts;
const primary = 'rounded bg-primary px-4 py-2 text-on-primary disabled:opacity-50';
const running = (i: ProductImport | null | undefined) => i?.state === 'queued' || i?.state === 'running';

function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

function ZipProgress({ percent }: { percent: number }) {
  return (
    <label className="flex items-center gap-3 text-sm" aria-live="polite">
      <span className="shrink-0">{importTexts.zipUploading}</span>
      <progress max={100} value={percent} className="h-2 min-w-0 flex-1 accent-primary" />
      <span className="w-10 text-right tabular-nums">{percent}%</span>
    </label>
  );
}

function FileForm({ onPreview }: { onPreview: (i: ProductImport) => void }) {
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<{ file: FileList | null; zip: FileList | null }>({ defaultValues: { file: null, zip: null } });
  const [percent, setPercent] = useState<number | null>(null);
  // The ZIP last sent: checking the file again (after fixing it) does not send the same ZIP twice.
  const sent = useRef<{ file: File; id: string } | null>(null);
  const submit = handleSubmit(async ({ file, zip }) => {
    const picked = file?.[0];
    if (!picked) return setError('file', { message: importTexts.fileRequired });
    const images = zip?.[0];
    let zipId = '';
    if (images) {
      if (images.size > importLimits.zipMaxBytes) return setError('zip', { message: importTexts.zipTooLarge });
      if (sent.current?.file === images) zipId = sent.current.id;
      else {
        setPercent(0);
        try {
          zipId = (await uploadImportZip(images, setPercent))._id;
          sent.current = { file: images, id: zipId };
        } catch (e) {
          return setError('zip', { message: (e as Error).message });
        } finally {
          setPercent(null);
        }
      }
    }
    const result = await api(P.previewImport, { fileName: picked.name, content: await base64Of(picked), zipId });
    if (!isOk(result)) {
      const message = result.error || result.message || importTexts.unreadable;
      return setError(message === importTexts.zipNotUsable ? 'zip' : 'file', { message });
    }
    onPreview(result.payload.import);
  });
  return (
    <form onSubmit={submit} noValidate className="flex max-w-xl flex-col gap-3">
      <Field
        type="file"
        label={importTexts.fileLabel}
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        hint={importTexts.fileHint}
        error={errors.file?.message}
        {...register('file')}
      />
      <Field
        type="file"
        label={importTexts.zipLabel}
        accept=".zip,application/zip"
        hint={importTexts.zipHint}
        error={errors.zip?.message}
        {...register('zip', { onChange: () => clearErrors('zip') })}
      />
      {percent === null ? null : <ZipProgress percent={percent} />}
      <div>
        <button type="submit" className={primary} disabled={isSubmitting}>
          {isSubmitting ? 'Checking…' : importTexts.preview}
        </button>
      </div>
    </form>
  );
}

function ProblemsTable({ problems }: { problems: ProductImport['problems'] }) {
  if (problems.length === 0) return null;
  return (
    <div className="max-h-[60vh] overflow-auto rounded border border-black/10">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{importTexts.problems}</caption>
        <thead className="sticky top-0 bg-surface">
          <tr>
            <th scope="col" className="w-16 px-3 py-2">
              {importTexts.row}
            </th>
            <th scope="col" className="px-3 py-2">
              {importTexts.problems}
            </th>
          </tr>
        </thead>
        <tbody>
          {problems.map((p) => (
            <tr key={p.row} className="border-black/10 border-t align-top">
              <td className="px-3 py-2 tabular-nums">{p.row}</td>
              <td className="break-words px-3 py-2">
                <ul>
                  {p.messages.map((m) => (
                    <li key={m} className="text-red-700">
                      {m}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Progress({ imp }: { imp: ProductImport }) {
  const label = importTexts.progressOf(imp.done, imp.valid);
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor="import-progress" className="font-medium">
        {importTexts.progress}
      </label>
      <progress
        id="import-progress"
        className="h-3 w-full accent-primary"
        value={imp.done}
        max={Math.max(imp.valid, 1)}
        aria-valuetext={label}
      />
      <p aria-live="polite">{label}</p>
    </div>
  );
}

function ImportView({
  imp,
  onStart,
  onAnother,
  starting,
}: {
  imp: ProductImport;
  onStart: () => void;
  onAnother: () => void;
  starting: boolean;
}) {
  const problemsNote = imp.total - imp.valid > 0 ? importTexts.rowProblems(imp.total - imp.valid) : null;
  return (
    <section className="flex flex-col gap-4" aria-label={imp.fileName}>
      <h2 className="break-words font-semibold text-lg">{imp.fileName}</h2>
      {imp.zipName ? <p className="break-words text-muted text-sm">{importTexts.withZip(imp.zipName)}</p> : null}
      {imp.state === 'previewed' ? (
        <>
          <p>{importTexts.ready(imp.valid, imp.total)}</p>
          {problemsNote ? <p className="text-red-700">{problemsNote}</p> : null}
          <ProblemsTable problems={imp.problems} />
          <div className="flex flex-wrap gap-3">
            <button type="button" className={primary} disabled={starting || imp.valid === 0} onClick={onStart}>
              {importTexts.start}
            </button>
            <button type="button" className="rounded border border-primary px-4 py-2" onClick={onAnother}>
              {importTexts.another}
            </button>
          </div>
        </>
      ) : (
        <>
          <Progress imp={imp} />
          {imp.state === 'done' ? (
            <p role="status" className="font-medium">
              {importTexts.done}: {importTexts.summary(imp)}
            </p>
          ) : null}
          {imp.state === 'failed' ? (
            <p role="alert" className="text-red-700">
              {importTexts.failed}: {imp.error}. {importTexts.notImportedFrom(imp.done, imp.valid)}
            </p>
          ) : null}
          <ProblemsTable problems={imp.problems} />
          {running(imp) ? null : (
            <div className="flex flex-wrap gap-3">
              <Link to="/userAdmin/products" className={primary}>
                Products
              </Link>
              <button type="button" className="rounded border border-primary px-4 py-2" onClick={onAnother}>
                {importTexts.another}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

export function ImportProducts() {
  const queryClient = useQueryClient();
  // '' asks for the latest import: the one the owner left, running or finished.
  const [id, setId] = useState('');
  const [fresh, setFresh] = useState(false);
  const [starting, setStarting] = useState(false);
  const current = useQuery({
    queryKey: ['product-import', id],
    queryFn: () => apiPayload(P.fetchImport, { id }),
    refetchInterval: (q) => (running(q.state.data?.import) ? 1000 : false),
  });
  const imp = current.data?.import;

  function show(next: ProductImport) {
    queryClient.setQueryData(['product-import', next._id], { import: next });
    setId(next._id);
    setFresh(false);
  }

  async function start() {
    if (!imp) return;
    setStarting(true);
    const result = await api(P.startImport, { id: imp._id });
    setStarting(false);
    if (!isOk(result)) return toastFailure(result);
    show(result.payload.import);
    await queryClient.invalidateQueries({ queryKey: adminProductsKey() });
  }

  if (current.isPending) return <p className="text-muted">Loading…</p>;
  if (current.error) return <p role="alert">{current.error.message}</p>;
  if (!imp || fresh || (id === '' && imp.state === 'previewed')) return <FileForm onPreview={show} />;
  return <ImportView imp={imp} onStart={start} onAnother={() => setFresh(true)} starting={starting} />;
}
