// The modal dialog: focus goes in, Tab and Shift+Tab stay in it, Escape closes it and focus returns to
// the control that opened it.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog.tsx';

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>Открыть</button>
      <button type="button">Другая кнопка</button>
      {open && (
        <Dialog title="Настройки" onClose={() => setOpen(false)}>
          <input aria-label="Имя" />
          <button type="button">Сохранить</button>
        </Dialog>
      )}
    </>
  );
}

describe('Dialog', () => {
  it('takes the focus, keeps Tab and Shift+Tab inside, and gives the focus back on Escape', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Открыть' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Настройки' });
    const inside = [...dialog.querySelectorAll<HTMLElement>('input, button')];
    expect(inside).toContain(document.activeElement);
    for (let i = 0; i < inside.length + 2; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    for (let i = 0; i < inside.length + 2; i++) {
      await user.tab({ shift: true });
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
