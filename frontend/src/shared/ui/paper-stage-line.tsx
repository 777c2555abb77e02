import { type PaperStage } from '@/shared/api';
import { cn } from '@/shared/lib/cn';
import { paperStageWords, stageRepeatsStatus } from '@/shared/lib/paper-stage';

/** The stage's plain words under a status badge; nothing where they would only repeat the status. */
export function PaperStageLine({ stage, className }: { stage: PaperStage; className?: string }) {
  if (stageRepeatsStatus(stage)) return null;
  return (
    <p data-stage={stage.name} className={cn('text-sm font-medium text-slate-700', className)}>
      <span className="sr-only">Stage: </span>
      {paperStageWords(stage)}
    </p>
  );
}
