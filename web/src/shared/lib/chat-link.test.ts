import { describe, expect, it } from 'vitest';
import { chatAsked, withoutChatParam } from './chat-link.ts';

describe('chat links of pushes', () => {
  it('reads ?chat=<id> and ?chat=friends', () => {
    expect(chatAsked('?chat=abc-1')).toEqual({ chatId: 'abc-1' });
    expect(chatAsked('?tab=2&chat=friends')).toEqual({ friends: true });
    expect(chatAsked('?chat=')).toBeUndefined();
    expect(chatAsked('')).toBeUndefined();
  });

  it('drops only the chat parameter', () => {
    expect(withoutChatParam('?chat=abc')).toBe('');
    expect(withoutChatParam('?tab=2&chat=abc')).toBe('?tab=2');
  });
});
