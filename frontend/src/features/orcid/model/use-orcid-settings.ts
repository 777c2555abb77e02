import { useMemo } from 'react';
import { type OrcidSettings, readOrcidSettings } from '@/shared/config/server-config';

/** ORCID as the server configured it (read from the page when a component first needs it). */
export function useOrcidSettings(): OrcidSettings {
  return useMemo(() => readOrcidSettings(), []);
}
