/**
 * A 'Connect Wallet' click made before the wallet code was loaded (the presale pages load it
 * when the purchase box is wanted): remembered here, and honoured by the wallet feature once it
 * is up by opening the picker, so the visitor does not have to click twice.
 */
let pickerRequested = false;

export function requestPickerOnLoad(): void {
  pickerRequested = true;
}

/** True once after a request: the caller opens the picker. */
export function takePickerRequest(): boolean {
  const requested = pickerRequested;
  pickerRequested = false;
  return requested;
}
