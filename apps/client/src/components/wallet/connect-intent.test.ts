import { describe, expect, it } from 'vitest';
import { onPickerRequest, requestPickerOnLoad } from './connect-intent';

describe('picker requests made around the wallet code loading', () => {
  it('a request made before anyone listens opens the picker once listening starts, once', () => {
    requestPickerOnLoad();
    let opened = 0;
    const stop = onPickerRequest(() => opened++);
    expect(opened).toBe(1);
    stop();
    const stopAgain = onPickerRequest(() => opened++);
    expect(opened).toBe(1);
    stopAgain();
  });

  it('a request made while listening opens the picker at once', () => {
    let opened = 0;
    const stop = onPickerRequest(() => opened++);
    expect(opened).toBe(0);
    requestPickerOnLoad();
    requestPickerOnLoad();
    expect(opened).toBe(2);
    stop();
  });

  it('after listening stops, a request waits for the next listener', () => {
    let first = 0;
    let second = 0;
    onPickerRequest(() => first++)();
    requestPickerOnLoad();
    expect(first).toBe(0);
    const stop = onPickerRequest(() => second++);
    expect(second).toBe(1);
    stop();
  });

  it("an old listener's late cleanup does not silence the new one", () => {
    let opened = 0;
    const stopOld = onPickerRequest(() => undefined);
    const stop = onPickerRequest(() => opened++);
    stopOld();
    requestPickerOnLoad();
    expect(opened).toBe(1);
    stop();
  });
});
