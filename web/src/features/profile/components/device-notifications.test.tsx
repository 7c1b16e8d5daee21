// «Уведомления на устройстве»: the switch follows this device's state, asks only when turned on, and says
// in Russian what went wrong.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render.tsx';

const push = { devicePush: vi.fn(), enableDevicePush: vi.fn(), disableDevicePush: vi.fn() };
vi.mock('../../../shared/lib/web-push.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../shared/lib/web-push.ts')>()),
  devicePush: () => push.devicePush(),
  enableDevicePush: () => push.enableDevicePush(),
  disableDevicePush: () => push.disableDevicePush(),
}));
const { DevicePushError } = await import('../../../shared/lib/web-push.ts');
const { DeviceNotifications } = await import('./device-notifications.tsx');

const toggle = () => screen.getByRole('switch', { name: 'Уведомления на устройстве' });

beforeEach(() => {
  for (const f of Object.values(push)) f.mockReset();
});

describe('device notifications', () => {
  it('turns on (asking only then) and off again', async () => {
    push.devicePush.mockResolvedValue('off');
    push.enableDevicePush.mockResolvedValue(undefined);
    push.disableDevicePush.mockResolvedValue(undefined);
    const user = userEvent.setup();
    renderPage(<DeviceNotifications />);
    expect(await screen.findByText('Выключены')).toBeInTheDocument();
    expect(toggle()).not.toBeChecked();
    expect(push.enableDevicePush).not.toHaveBeenCalled();
    await user.click(toggle());
    expect(await screen.findByText('Включены')).toBeInTheDocument();
    expect(toggle()).toBeChecked();
    expect(push.enableDevicePush).toHaveBeenCalledTimes(1);
    await user.click(toggle());
    expect(await screen.findByText('Выключены')).toBeInTheDocument();
    expect(push.disableDevicePush).toHaveBeenCalledTimes(1);
  });

  it('says when the permission was refused, and when it is blocked in the browser', async () => {
    push.devicePush.mockResolvedValue('off');
    push.enableDevicePush.mockRejectedValue(new DevicePushError('denied'));
    const user = userEvent.setup();
    renderPage(<DeviceNotifications />);
    await screen.findByText('Выключены');
    await user.click(toggle());
    expect(await screen.findByText(/Вы не разрешили уведомления/)).toBeInTheDocument();
    expect(toggle()).not.toBeChecked();
  });

  it('is disabled with a reason where it cannot work', async () => {
    push.devicePush.mockResolvedValue('unsupported');
    const { unmount } = renderPage(<DeviceNotifications />);
    expect(await screen.findByText(/Этот браузер не поддерживает уведомления/)).toBeInTheDocument();
    expect(toggle()).toBeDisabled();
    unmount();
    push.devicePush.mockResolvedValue('denied');
    renderPage(<DeviceNotifications />);
    expect(await screen.findByText(/запрещены в настройках браузера/)).toBeInTheDocument();
    expect(toggle()).toBeDisabled();
  });
});
