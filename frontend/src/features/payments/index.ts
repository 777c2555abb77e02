// Public face of the payments feature: pages and app/ import from here only.
export { paymentsApi } from './api/payments-api';
export { PaymentStep, PAY_BUTTON_LABEL } from './components/payment-step';
export { TestCheckoutPanel, TEST_CHECKOUT_NOT_FOUND } from './components/test-checkout-panel';
export { TEST_MODE_NOTICE, formatFee, paymentToasts } from './model/payment-messages';
export { CHECKOUT_POLL_MS, usePaymentState, type PaymentState, type PaymentStateView } from './model/use-payment-state';
