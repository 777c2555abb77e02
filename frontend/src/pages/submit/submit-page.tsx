import { PaymentStep, usePaymentState } from '@/features/payments';
import { SubmitPaperForm } from '@/features/submission';
import { Card, PageContainer } from '@/shared/ui';

/** /submit: the $100 fee first, then the paper (the form stays disabled until paid). */
export function SubmitPage() {
  const payment = usePaymentState();
  return (
    <PageContainer className="max-w-3xl">
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Submit Your Research Paper</h1>
        <p className="mt-2 text-slate-600">
          Share your research with the community. Papers are reviewed by our editorial team and mentors.
        </p>
      </header>
      <div className="grid gap-8">
        <PaymentStep payment={payment} />
        <Card className="p-6">
          <SubmitPaperForm paid={payment.state === 'paid'} />
        </Card>
      </div>
    </PageContainer>
  );
}
