// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { messages } from '../../../locales/en-US/messages.po';
import { NotificationsProvider, useNotify } from './notifications';
import type { NotificationInput } from './notifications';

function Trigger({ input }: { input: NotificationInput }) {
  const notify = useNotify();
  return (
    <button type="button" onClick={() => notify(input)}>
      trigger
    </button>
  );
}

function renderWith(input: NotificationInput) {
  return render(
    <I18nProvider i18n={i18n}>
      <NotificationsProvider>
        <Trigger input={input} />
      </NotificationsProvider>
    </I18nProvider>,
  );
}

describe('notifications on screen', () => {
  beforeAll(() => i18n.loadAndActivate({ locale: 'en-US', messages }));
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('announces a success in the polite status region and removes it after 5 s', () => {
    vi.useFakeTimers();
    renderWith({ type: 'success', message: 'Account data has successfully been updated' });
    fireEvent.click(screen.getByRole('button', { name: 'trigger' }));
    expect(within(screen.getByRole('status')).getByText('Account data has successfully been updated')).toBeTruthy();
    expect(within(screen.getByRole('alert')).queryByText('Account data has successfully been updated')).toBeNull();
    act(() => void vi.advanceTimersByTime(5000));
    expect(screen.queryByText('Account data has successfully been updated')).toBeNull();
  });

  it('puts errors in the alert region and shows a repeat only once', () => {
    renderWith({ type: 'error', message: 'We have a technical issue. Please try again later.' });
    fireEvent.click(screen.getByRole('button', { name: 'trigger' }));
    fireEvent.click(screen.getByRole('button', { name: 'trigger' }));
    expect(within(screen.getByRole('alert')).getAllByText('We have a technical issue. Please try again later.')).toHaveLength(1);
  });

  it('runs the action and closes the notification', () => {
    const onClick = vi.fn();
    renderWith({ type: 'info', message: 'A new version is available', timeToLive: 0, action: { label: 'Reload', onClick } });
    fireEvent.click(screen.getByRole('button', { name: 'trigger' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.queryByText('A new version is available')).toBeNull();
  });

  it('can be closed by the buyer', () => {
    renderWith({ type: 'warning', message: 'No such configuration for the product.', timeToLive: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'trigger' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('No such configuration for the product.')).toBeNull();
  });
});
