// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { Dialog } from './dialog';

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function withI18n(children: ReactNode) {
  return render(<I18nProvider i18n={i18n}>{children}</I18nProvider>);
}

/** An opener and a dialog it shows, the way pages use it: mounted while open. */
function Opener({ dismissible = true, initialFocus = false }: { dismissible?: boolean; initialFocus?: boolean }) {
  const [open, setOpen] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const content = (
    <>
      <button type="button">First action</button>
      <input aria-label="Quantity" ref={field} />
    </>
  );
  const focus = initialFocus ? { initialFocus: field } : {};
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && dismissible ? (
        <Dialog title="Edit address" onClose={() => setOpen(false)} {...focus}>
          {content}
        </Dialog>
      ) : null}
      {open && !dismissible ? (
        <Dialog title="Select buyer" dismissible={false} {...focus}>
          {content}
        </Dialog>
      ) : null}
    </>
  );
}

async function open(options: { dismissible?: boolean; initialFocus?: boolean } = {}) {
  const user = userEvent.setup();
  withI18n(<Opener {...options} />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  return { user, dialog: screen.getByRole('dialog') };
}

describe('Dialog, dismissible', () => {
  it('is named by its title and closes from its close button, giving focus back to the opener', async () => {
    const { user } = await open();
    expect(screen.getByRole('dialog', { name: 'Edit address' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' }));
  });

  it('closes on Escape', async () => {
    const { user } = await open();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on a click on the backdrop, not on a click inside', async () => {
    const { user, dialog } = await open();
    await user.click(screen.getByRole('textbox', { name: 'Quantity' }));
    await user.click(screen.getByRole('heading', { name: 'Edit address' }));
    expect(screen.queryByRole('dialog')).not.toBeNull();
    // The backdrop is the <dialog> element itself (its content fills the box).
    await user.click(dialog);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not close when a press inside ends on the backdrop (text selection dragged out)', async () => {
    const { dialog } = await open();
    fireEvent.pointerDown(screen.getByRole('textbox', { name: 'Quantity' }));
    fireEvent.click(dialog);
    expect(screen.queryByRole('dialog')).not.toBeNull();
  });

  it('focuses the first focusable element (the close button) by default', async () => {
    await open();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });

  it('focuses the element named by initialFocus', async () => {
    await open({ initialFocus: true });
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Quantity' }));
  });

  it('names its close button with closeLabel', () => {
    withI18n(
      <Dialog title="Search" closeLabel="Close search" onClose={() => undefined}>
        <p>Results</p>
      </Dialog>,
    );
    expect(screen.getByRole('button', { name: 'Close search' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });
});

describe('Dialog, not dismissible', () => {
  it('has no close button and stays open on Escape and on a backdrop click', async () => {
    const { user, dialog } = await open({ dismissible: false });
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(dialog);
    expect(screen.getByRole('dialog', { name: 'Select buyer' })).toBeTruthy();
  });

  it("cancels the browser's own Escape handling (the cancel event)", async () => {
    const { dialog } = await open({ dismissible: false });
    const cancel = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('focuses its first choice', async () => {
    await open({ dismissible: false });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'First action' }));
  });
});

describe('Dialog, content', () => {
  it('focuses itself when nothing inside can take focus', () => {
    withI18n(
      <Dialog title="Please wait" dismissible={false}>
        <p>Saving…</p>
      </Dialog>,
    );
    expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Please wait' }));
  });

  it('describes itself with the description and shows the footer actions', () => {
    withI18n(
      <Dialog
        title="Delete address"
        description="The address is removed from every order not sent yet."
        onClose={() => undefined}
        footer={<button type="button">Delete</button>}
      >
        <p>Odos 1, Athina</p>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', {
      name: 'Delete address',
      description: 'The address is removed from every order not sent yet.',
    });
    expect(dialog.textContent).toContain('Delete');
  });
});

describe('Dialog in a browser with showModal', () => {
  let restoreDialog = () => undefined as void;
  afterEach(() => restoreDialog());

  function nativeDialog() {
    const showModal = vi.fn(function showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    });
    const close = vi.fn(function close(this: HTMLDialogElement) {
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    });
    const proto = HTMLDialogElement.prototype as unknown as Record<string, unknown>;
    const saved = ['showModal', 'close', 'open'].map((name) => [name, Object.getOwnPropertyDescriptor(proto, name)] as const);
    Object.defineProperty(proto, 'showModal', { value: showModal, configurable: true, writable: true });
    Object.defineProperty(proto, 'close', { value: close, configurable: true, writable: true });
    Object.defineProperty(proto, 'open', {
      configurable: true,
      get(this: HTMLDialogElement) {
        return this.hasAttribute('open');
      },
    });
    restoreDialog = () => {
      for (const [name, descriptor] of saved) {
        if (descriptor) Object.defineProperty(proto, name, descriptor);
        else delete proto[name];
      }
    };
    return { showModal, close };
  }

  it('opens as a modal and closes the modal before it unmounts', async () => {
    const { showModal, close } = nativeDialog();
    const { user } = await open();
    expect(showModal).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(close).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens again when the browser closes a dialog that cannot be dismissed', async () => {
    const { showModal, close } = nativeDialog();
    const { dialog } = await open({ dismissible: false });
    close.call(dialog as HTMLDialogElement);
    expect(showModal).toHaveBeenCalledTimes(2);
    expect(dialog.hasAttribute('open')).toBe(true);
  });
});
