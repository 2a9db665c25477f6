import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import FilePicker from './FilePicker.svelte';

afterEach(cleanup);

function choose(input: HTMLInputElement, file: File): Promise<boolean> {
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  return fireEvent.change(input);
}

describe('FilePicker', () => {
  it("hands over the chosen file's name and text, then clears the input so the same file can be chosen again", async () => {
    const onFile = vi.fn();
    render(FilePicker, { label: 'Import file…', accept: '.json', maxBytes: 1024, onFile, onRefused: () => {} });
    const input = screen.getByLabelText('Import file…') as HTMLInputElement;
    expect(input.accept).toBe('.json');
    await choose(input, new File(['{"log":{}}'], 'customer.har'));
    await vi.waitFor(() => expect(onFile).toHaveBeenCalledWith('customer.har', '{"log":{}}'));
    expect(input.value).toBe('');
  });

  it('refuses a file over the limit before reading it, naming the file and the limit', async () => {
    const onFile = vi.fn();
    const onRefused = vi.fn();
    render(FilePicker, { label: 'Import JSON…', accept: '.json', maxBytes: 2 * 1024 * 1024, onFile, onRefused });
    await choose(screen.getByLabelText('Import JSON…') as HTMLInputElement, new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.json'));
    await vi.waitFor(() => expect(onRefused).toHaveBeenCalledWith('big.json is larger than 2 MB: nothing was imported.'));
    expect(onFile).not.toHaveBeenCalled();
  });
});
