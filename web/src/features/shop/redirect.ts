/** Sends the browser to the payment provider's page (a module of its own, so tests can stand in for it). */
export function openPaymentPage(url: string): void {
  window.location.assign(url);
}
