import { endpoints } from '@stashblog/contract/endpoints';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../speed/format';
import { platformPayload } from './platform-api';

/** What each job type does, as the console names it (decision 038). */
const jobLabels: Record<string, string> = {
  'mail:send': 'Mail (SMTP)',
  'push:send': 'Web push',
  'media:variants': 'Image widths',
  'domains:recheck-due': 'Custom domain re-checks',
  'account:sweep-tokens': 'Expired account links sweep',
  'products:import': 'Product imports',
  'products:sweep-import-zips': 'Unstarted import ZIPs sweep',
};

/** The background job queue beside the mail outbox: per type waiting / running / failed, and the latest errors. */
export function JobsPanel() {
  const { data, isPending, error } = useQuery({
    queryKey: ['platform', 'jobs'],
    queryFn: () => platformPayload(endpoints.platform.jobs),
  });
  return (
    <section className="space-y-4" aria-labelledby="jobs-heading">
      <div>
        <h2 id="jobs-heading" className="font-bold text-xl">
          Background jobs
        </h2>
        <p className="mt-1 text-text/70">
          Mail, web push, image widths, domain re-checks and sweeps run as jobs, retried with back-off; a job that used up its attempts
          stays here as failed.
        </p>
      </div>
      {error ? <p className="text-red-700">{error.message}</p> : null}
      {isPending ? <p aria-busy="true">Loading jobs</p> : null}
      {data ? (
        <>
          {/* Its own scrolling box: on a narrow screen the table scrolls sideways, the page does not. */}
          <div className="overflow-x-auto rounded-lg border border-black/10">
            <table className="w-full min-w-[32rem] text-left text-sm">
              <thead className="bg-surface">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Job
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">
                    Waiting
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">
                    Running
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">
                    Failed
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Attempts
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.types.map((t) => (
                  <tr key={t.type} className="border-black/10 border-t">
                    <th scope="row" className="px-3 py-2 font-medium">
                      {jobLabels[t.type] ?? t.type}
                    </th>
                    <td className="px-3 py-2 text-right tabular-nums">{t.queued}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{t.running}</td>
                    <td className={`px-3 py-2 text-right tabular-nums ${t.failed ? 'font-semibold text-red-700' : ''}`}>{t.failed}</td>
                    <td className="whitespace-nowrap px-3 py-2">at most {t.maxAttempts}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {data.problems.length ? (
            <ul className="space-y-2" aria-label="Latest job errors">
              {data.problems.map((p) => (
                <li key={p._id} className="rounded bg-surface p-3 text-sm">
                  <span className="font-semibold">{jobLabels[p.type] ?? p.type}</span>{' '}
                  <span className={p.state === 'failed' ? 'text-red-700' : 'text-amber-900'}>
                    {p.state === 'failed'
                      ? `failed after ${p.attempts} attempts`
                      : `attempt ${p.attempts} of ${p.maxAttempts} failed; next ${p.nextAttemptAt ? formatDate(p.nextAttemptAt, 'dateTime') : 'soon'}`}
                  </span>
                  <span className="block break-all text-red-700 text-xs">{p.error}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-text/70 text-sm">No job errors.</p>
          )}
        </>
      ) : null}
    </section>
  );
}
