import { describe, expect, it } from 'vitest';
import { ConnectionSchema } from './schemas';
import { defaultConnection } from './items';

describe('ConnectionSchema', () => {
  it.each([
    ['https://api.example.com', 'https://companion.example.com', true],
    ['http://127.0.0.1:8080', 'http://localhost:8787', true],
    ['http://api.example.com', 'https://companion.example.com', false],
    ['https://api.example.com', 'http://10.0.0.2:8787', false],
    ['ftp://api.example.com', 'https://companion.example.com', false],
    ['not a url', 'https://companion.example.com', false],
  ])('%s + %s → %s', (restUrl, companionUrl, ok) => {
    expect(ConnectionSchema.safeParse({ ...defaultConnection, restUrl, companionUrl }).success).toBe(ok);
  });
});
