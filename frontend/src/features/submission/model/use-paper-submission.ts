import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorToast, prepareUpload, toApiError } from '@/shared/api';
import { paths } from '@/shared/config/paths';
import { useToast } from '@/shared/ui';
import { useSubmitPaperMutation } from '../api/submission-api';
import {
  SUBMISSION_FAILED,
  SUBMISSION_FAILED_FALLBACK,
  type SubmissionErrors,
  type SubmissionValues,
  hasErrors,
  submissionToasts,
  toFormData,
  validateSubmission,
} from './submission-rules';

const failedFallback = { title: SUBMISSION_FAILED, description: SUBMISSION_FAILED_FALLBACK, variant: 'destructive' } as const;

/**
 * Sending the form: refused until the fee is paid, validated first, then uploaded with progress;
 * success goes to /papers, a failure says why (spec section 8, "Payment and submission").
 */
export function usePaperSubmission({ paid, onInvalid }: { paid: boolean; onInvalid: (errors: SubmissionErrors) => void }) {
  const { toast } = useToast();
  const navigate = useNavigate();
  const [submitPaper, { isLoading }] = useSubmitPaperMutation();
  const [progress, setProgress] = useState<number | null>(null);

  const submit = async (values: SubmissionValues) => {
    if (isLoading) return;
    if (!paid) {
      toast(submissionToasts.paymentRequired);
      return;
    }
    const found = validateSubmission(values);
    onInvalid(found);
    if (hasErrors(found) || !values.file) return;

    setProgress(0);
    const uploadId = prepareUpload({ body: toFormData({ ...values, file: values.file }), onProgress: setProgress });
    try {
      await submitPaper({ uploadId }).unwrap();
      toast(submissionToasts.success);
      void navigate(paths.papers.getHref());
    } catch (error) {
      setProgress(null);
      const apiError = toApiError(error);
      if (apiError.status === 402) {
        toast(submissionToasts.paymentRequired);
        return;
      }
      toast(errorToast(apiError, { title: SUBMISSION_FAILED, fallback: failedFallback }));
    }
  };

  return { submit, isSubmitting: isLoading, progress };
}
