import { FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { browser } from '@/shared/lib/browser';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, PageSpinner, useToast } from '@/shared/ui';
import { useCancelTestCheckoutMutation, useCompleteTestCheckoutMutation, useGetTestCheckoutQuery } from '../api/payments-api';
import { TEST_MODE_NOTICE, formatFee } from '../model/payment-messages';

export const TEST_CHECKOUT_NOT_FOUND = 'This test checkout session was not found or has expired.';

/** The built-in test provider's checkout page (no real money): pay or cancel, then go back to /submit. */
export function TestCheckoutPanel({ sessionId }: { sessionId: string }) {
  const { toast } = useToast();
  const { data: checkout, isLoading, isError } = useGetTestCheckoutQuery(sessionId, { skip: !sessionId });
  const [complete, completeState] = useCompleteTestCheckoutMutation();
  const [cancel, cancelState] = useCancelTestCheckoutMutation();
  const [leaving, setLeaving] = useState(false);

  if (isLoading) return <PageSpinner />;
  if (!sessionId || isError || !checkout) {
    return (
      <p role="alert" className="mx-auto max-w-lg rounded-xl border border-red-200 bg-red-50 p-6 text-center text-red-900">
        {TEST_CHECKOUT_NOT_FOUND}
      </p>
    );
  }

  const finish = async (action: typeof complete) => {
    try {
      const { redirectUrl } = await action(sessionId).unwrap();
      setLeaving(true);
      browser.reloadTo(redirectUrl);
    } catch {
      toast({ title: 'Error', description: 'The test checkout could not be updated. Please try again.', variant: 'destructive' });
    }
  };
  const busy = completeState.isLoading || cancelState.isLoading || leaving;
  const open = checkout.status === 'open';

  return (
    <Card className="mx-auto max-w-lg border-2 border-dashed border-amber-400" aria-labelledby="test-checkout-title">
      <CardHeader>
        <p className="inline-flex w-fit items-center gap-1 rounded-full bg-amber-100 px-3 py-1 text-xs font-bold uppercase tracking-wide text-amber-900">
          <FlaskConical className="h-3.5 w-3.5" aria-hidden="true" />
          Test mode
        </p>
        <CardTitle id="test-checkout-title">Test Mode Checkout</CardTitle>
        <CardDescription>{TEST_MODE_NOTICE}. This page stands in for the card payment provider.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium text-slate-700">Item</dt>
          <dd>Submission fee</dd>
          <dt className="font-medium text-slate-700">Amount</dt>
          <dd className="text-lg font-bold text-slate-900">{formatFee(checkout.amount, checkout.currency)}</dd>
          <dt className="font-medium text-slate-700">Status</dt>
          <dd>{checkout.status}</dd>
        </dl>
        {!open && <p role="status">This checkout session is {checkout.status}; it can no longer be paid.</p>}
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => void finish(complete)} disabled={!open || busy} isLoading={completeState.isLoading}>
            Pay {formatFee(checkout.amount, checkout.currency)} (test)
          </Button>
          <Button variant="outline" onClick={() => void finish(cancel)} disabled={!open || busy} isLoading={cancelState.isLoading}>
            Cancel payment
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
