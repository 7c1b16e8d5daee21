import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/nakama/errors.ts';
import { apiErrorMessage } from './error-message.ts';
import { IMAGE_MESSAGES, ImageError } from './image.ts';

const FALLBACK = 'Ошибка при создании команды.';
const say = (status: number, code: number, message: string) => apiErrorMessage(new ApiError(status, code, message), FALLBACK);

describe('the one mapping from a failed call to a message', () => {
  it('shows the portal’s Russian refusals as sentences, never a raw field name', () => {
    expect(say(400, 3, 'Ссылка на видео: укажите ссылку на видео.')).toBe('Ссылка на видео: укажите ссылку на видео.');
    expect(say(400, 3, 'embed_url: укажите ссылку на видео.')).toBe('Укажите ссылку на видео.');
    expect(say(403, 7, 'Это может делать только владелец или администратор команды.')).toBe('Это может делать только владелец или администратор команды.');
    expect(say(429, 8, 'Достигнут предел: не больше 20 команд на пользователя.')).toBe('Достигнут предел: не больше 20 команд на пользователя.');
  });

  it('translates the game server’s English refusals, known ones word for word and others by code', () => {
    expect(say(409, 6, 'Username is already in use.')).toBe('Это имя пользователя уже занято.');
    expect(say(400, 3, 'Invalid email address, must be 10-255 bytes.')).toBe('Некорректный адрес электронной почты.');
    expect(say(400, 3, 'Something new and English.')).toBe('Проверьте введённые данные.');
    expect(say(404, 5, 'Group not found.')).toBe('Не найдено: возможно, это уже удалили.');
    expect(say(401, 16, 'Auth token invalid')).toBe('Сессия истекла. Войдите снова.');
  });

  it('gives the form’s own text for network and server failures, and the spec’s for refused images', () => {
    expect(say(500, 13, 'Internal error')).toBe(FALLBACK);
    expect(say(503, 14, 'Сервер занят обработкой изображений, попробуйте через минуту.')).toBe('Сервер занят обработкой изображений, попробуйте через минуту.');
    expect(say(0, 14, 'Network request failed')).toBe(FALLBACK);
    expect(say(0, 4, 'Request timed out.')).toBe(FALLBACK);
    expect(apiErrorMessage(new Error('boom'), FALLBACK)).toBe(FALLBACK);
    expect(apiErrorMessage(new ImageError(IMAGE_MESSAGES.tooLarge), FALLBACK)).toBe('Файл слишком большой (макс. 5MB)');
  });
});
