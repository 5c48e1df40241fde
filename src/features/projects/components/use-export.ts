import { useState } from 'react';
import { useIntl } from 'react-intl';
import { addToast, announce } from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { canDownload, failureMessage, planFacts, useSession } from '../../../machines/index.ts';
import { exportZip, type ExportTarget } from '../api/projects-api.ts';
import { upgradeReasonOf } from '../../../shared/upgrade-reason.ts';
import { openModal } from '../../../shared/modals/index.ts';

/** Hands a downloaded file to the browser under its name. */
function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Exports a project, folder or original as a zip. A plan without downloads (402) opens the upgrade prompt
 * with the server's reason; other failures show a toast.
 */
export function useExport() {
  const intl = useIntl();
  const api = useApi();
  const [pending, setPending] = useState<string | null>(null);
  const { user } = useSession();
  const run = async (target: ExportTarget, name: string) => {
    // The plan rules know a plan without downloads: the prompt opens without asking the server.
    const allowed = user ? canDownload(planFacts(user)) : null;
    if (allowed && !allowed.ok) {
      openModal({ id: 'upgradePlan', data: { reason: allowed.reason } });
      return;
    }
    setPending(`${target.kind}:${target.id}`);
    announce(intl.formatMessage({ id: 'projects.export.started' }, { name }));
    try {
      const { blob, fileName } = await exportZip(api, target);
      saveFile(blob, fileName);
      announce(intl.formatMessage({ id: 'projects.export.done' }, { name: fileName }));
    } catch (error) {
      const reason = upgradeReasonOf(error, 'download');
      if (reason) {
        openModal({ id: 'upgradePlan', data: { reason } });
      } else {
        const message = failureMessage(error);
        addToast({ message, severity: 'error', position: 'bottom' });
      }
    } finally {
      setPending(null);
    }
  };
  return { run, isPending: (target: ExportTarget) => pending === `${target.kind}:${target.id}` };
}
