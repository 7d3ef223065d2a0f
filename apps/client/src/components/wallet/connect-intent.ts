/**
 * A 'Connect Wallet' click made while the wallet code is not up yet (the presale pages load it
 * when the purchase box is wanted) must still open the picker, so the visitor does not have to
 * click twice. Such a click can land at any moment: before the code is fetched, while React is
 * rendering it, or after it has mounted but before it has replaced the stand-in that serves the
 * button meanwhile. So a request is delivered at once to the picker that listens (see
 * {@link onPickerRequest}), or kept until one starts listening.
 */
let pickerRequested = false;
let listener: (() => void) | null = null;

/** Asks for the wallet picker: opened now if the wallet code listens, else once it does. */
export function requestPickerOnLoad(): void {
  if (listener !== null) listener();
  else pickerRequested = true;
}

/**
 * Makes `open` the receiver of picker requests, calling it at once for a request made before;
 * returns the function that stops listening (an effect's cleanup).
 */
export function onPickerRequest(open: () => void): () => void {
  listener = open;
  if (pickerRequested) {
    pickerRequested = false;
    open();
  }
  return () => {
    if (listener === open) listener = null;
  };
}
