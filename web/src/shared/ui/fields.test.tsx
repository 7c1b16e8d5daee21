import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Field, TextAreaField, TextControl } from './index.tsx';

const cup = '🏆';

function Controlled({ limit = 10, initial = '', area = false, counter }: { limit?: number | { bytes: number }; initial?: string; area?: boolean; counter?: 'always' | 'near' }) {
  const [v, setV] = useState(initial);
  return area ? (
    <TextAreaField label="Описание" name="d" limit={limit} counter={counter} value={v} onChange={(e) => setV(e.target.value)} />
  ) : (
    <Field label="Название" name="n" hint="Как в заявке" limit={limit} counter={counter} value={v} onChange={(e) => setV(e.target.value)} />
  );
}

describe('a text field with a limit', () => {
  it('shows its counter and tells screen readers the limit', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    const input = screen.getByLabelText('Название');
    expect(screen.getByText('0 / 10')).toBeInTheDocument();
    await user.type(input, 'Спартак');
    expect(screen.getByText('7 / 10')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('Как в заявке Не более 10 символов.');
  });

  it('counts an emoji as one character, as the server does', async () => {
    const user = userEvent.setup();
    render(<Controlled limit={3} />);
    await user.click(screen.getByLabelText('Название'));
    await user.paste(cup.repeat(3));
    expect(screen.getByLabelText('Название')).toHaveValue(cup.repeat(3));
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('cuts a paste to the limit and says so in a live region', async () => {
    const user = userEvent.setup();
    render(<Controlled limit={120} />);
    const input = screen.getByLabelText('Название');
    await user.click(input);
    await user.paste('а'.repeat(200));
    expect(input).toHaveValue('а'.repeat(120));
    expect(screen.getByText('120 / 120')).toBeInTheDocument();
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('Текст обрезан до 120 символов.');
    // Shortened again, the note goes.
    await user.type(input, '{Backspace}');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('refuses typing past the limit in a text area too', async () => {
    const user = userEvent.setup();
    render(<Controlled area limit={5} />);
    const area = screen.getByLabelText('Описание');
    await user.type(area, 'строка{Enter}');
    expect(area).toHaveValue('строк');
    expect(screen.getByRole('status')).toHaveTextContent('Текст обрезан до 5 символов.');
  });

  it('counts bytes where the server does (usernames)', async () => {
    const user = userEvent.setup();
    render(<Controlled limit={{ bytes: 128 }} />);
    await user.click(screen.getByLabelText('Название'));
    await user.paste('я'.repeat(70));
    expect(screen.getByLabelText('Название')).toHaveValue('я'.repeat(64));
    expect(screen.getByText('128 / 128 байт')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Текст обрезан до 128 байт.');
  });

  it('shows a near counter only from 80% of the limit', async () => {
    const user = userEvent.setup();
    render(<Controlled limit={10} counter="near" />);
    const input = screen.getByLabelText('Название');
    await user.type(input, 'abcdefg');
    expect(screen.queryByText(/\/ 10/)).not.toBeInTheDocument();
    await user.type(input, 'h');
    expect(screen.getByText('8 / 10')).toBeInTheDocument();
  });

  it('lets a stored text longer than the limit be shortened', async () => {
    const user = userEvent.setup();
    render(<Controlled limit={3} initial="abcde" />);
    const input = screen.getByLabelText('Название');
    await user.type(input, '{Backspace}');
    expect(input).toHaveValue('abcd');
  });

  it('never sets a browser maxlength that would cut what the server takes', () => {
    render(<TextControl aria-label="Поиск" limit={100} value="" onChange={() => {}} />);
    expect(screen.getByLabelText('Поиск')).toHaveAttribute('maxlength', '200');
  });
});

describe('a field with an error', () => {
  it('is marked invalid and described by its error, which is announced', () => {
    render(<Field label="Название" name="n" hint="Как в заявке" error="Введите название" value="" onChange={() => {}} />);
    const input = screen.getByRole('textbox', { name: 'Название' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Введите название');
    expect(screen.getByRole('alert')).toHaveTextContent('Введите название');
  });
});
