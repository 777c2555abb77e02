import { CheckCircle2, CreditCard, FlaskConical } from 'lucide-react';
import { useRef } from 'react';
import { toApiError } from '@/shared/api';
import { Button, SectionCard, Spinner, useToast } from '@/shared/ui';
import { useCreateCheckoutMutation } from '../api/payments-api';
import { TEST_MODE_NOTICE, formatFee, paymentToasts } from '../model/payment-messages';
import { type PaymentStateView } from '../model/use-payment-state';

export const PAY_BUTTON_LABEL = 'Pay $100 Submission Fee';

/** Step 1 of /submit: the $100 fee, one per submission. The state comes from `usePaymentState` (the page owns it). */
export function PaymentStep({ payment }: { payment: PaymentStateView }) {
  const { toast } = useToast();
  const [createCheckout, { isLoading: isStarting }] = useCreateCheckoutMutation();

  // A second click before React re-renders the disabled button must not start a second checkout.
  const inFlight = useRef(false);

  const pay = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    // The tab is opened during the click, while the browser still counts it as the user's doing;
    // opened after the request returns, popup blockers would stop it. It is pointed at the
    // checkout once the server has made the session, or closed if that fails.
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    try {
      const session = await createCheckout().unwrap();
      if (tab) {
        tab.location.href = session.url;
        toast(paymentToasts.windowOpened);
        payment.watchCheckout();
      } else {
        // Popups blocked altogether: the checkout comes back to /submit, so this tab can go there.
        window.location.assign(session.url);
      }
    } catch (error) {
      tab?.close();
      // A fee already paid (e.g. in another tab): the server's status is the truth, and the
      // payment state says 'Payment Successful!' once it reads it.
      if (toApiError(error).code === 'PAYMENT_ALREADY_PAID') {
        payment.refresh();
        return;
      }
      toast(paymentToasts.checkoutError);
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <SectionCard
      titleId="payment-step-title"
      title="Submission Fee"
      icon={CreditCard}
      description={
        <>
          A fee of {formatFee(payment.amount, payment.currency)} is required for each paper you submit; pay it before submitting this one.
        </>
      }
      contentClassName="grid gap-4"
    >
      {payment.provider === 'test' && (
        <p role="note" className="flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
          <FlaskConical className="h-4 w-4" aria-hidden="true" />
          {TEST_MODE_NOTICE}
        </p>
      )}
      <div data-payment-state={payment.state} aria-live="polite">
        {payment.state === 'verifying' ? (
          <p className="flex items-center gap-2 text-slate-700">
            <Spinner size="sm" label={null} />
            Verifying payment...
          </p>
        ) : payment.isLoading ? (
          <Spinner label="Loading payment status" />
        ) : payment.state === 'paid' ? (
          <p className="flex items-center gap-2 font-medium text-green-800">
            <CheckCircle2 className="h-5 w-5" aria-hidden="true" />
            Payment complete. You can now submit your paper.
          </p>
        ) : (
          <Button onClick={() => void pay()} isLoading={isStarting}>
            {PAY_BUTTON_LABEL}
          </Button>
        )}
      </div>
    </SectionCard>
  );
}
