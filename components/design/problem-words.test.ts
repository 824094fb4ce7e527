import { describe, expect, it } from 'vitest';
import { problemWords, type Problem } from './problem-words';

// What a person reads never holds a request line, a path, a status code or an error class; what
// was left out is kept, whole, for support.
const ON_SCREEN_TECHNICAL = /\b(?:GET|POST|PUT|DELETE)\b|\/api_|\.json|\b[1-5]\d\d\b|\w+Error\b|:\/\//;

describe('errors in words', () => {
  it.each<[string, Problem, string, string | null]>([
    [
      'a sync problem keeps its words and hides the request',
      'Fieldside lacks a permission the sync needs (GET /api_1.0/company.json: 403 Missing OAuth scope read_customers).',
      'Fieldside lacks a permission the sync needs.',
      null,
    ],
    [
      'nested parentheses go with their group',
      "The account has used up the platform's daily allowance, so the sync stopped (GET /api_1.0/job.json: 429 Number of allowed API requests per day exceeded (the daily limit)).",
      "The account has used up the platform's daily allowance, so the sync stopped.",
      null,
    ],
    [
      'a technical tail after a colon',
      'The platform refused this note: POST /api_1.0/note.json: 400 note is required',
      'The platform refused this note.',
      null,
    ],
    [
      'an address in the middle of a sentence',
      "The sign-in page is not the platform's (http://127.0.0.1:9/oauth): sign-in was stopped. Check the connection settings.",
      "The sign-in page is not the platform's: sign-in was stopped. Check the connection settings.",
      null,
    ],
    [
      'a raw platform error takes the words of its name',
      { name: 'MissingScopeError', message: 'GET /api_1.0/jobactivity.json: 403 Missing OAuth scope read_schedule' },
      'Your sign-in does not allow Fieldside to do this.',
      'Allow it where Fieldside offers it, or ask your administrator.',
    ],
    [
      'no answer at all',
      { name: 'NetworkError', message: 'GET /api_1.0/job.json: no answer from the platform (fetch failed)' },
      'Fieldside could not reach the platform.',
      'Check the connection. What Fieldside has kept stays available, and it tries again by itself.',
    ],
    [
      "the day's limit is not the minute's",
      {
        name: 'RateLimitedError',
        message: 'GET /api_1.0/job.json: 429 Number of allowed API requests per day exceeded',
      },
      "The account has used up today's requests to the platform.",
      "What Fieldside has kept stays available; it carries on when the platform's day turns.",
    ],
    [
      'a bug of ours says so plainly',
      { name: 'TypeError', message: "Cannot read properties of undefined (reading 'uuid')" },
      'Something went wrong.',
      'Try again. If it keeps happening, copy the details below for support.',
    ],
    [
      'a status code alone',
      '503 Service Unavailable',
      'Something went wrong.',
      'Try again. If it keeps happening, copy the details below for support.',
    ],
  ])('%s', (_case, problem, what, todo) => {
    const words = problemWords(problem);
    expect(words.what).toBe(what);
    expect(words.todo).toBe(todo);
    expect(`${words.what} ${words.todo ?? ''}`).not.toMatch(ON_SCREEN_TECHNICAL);
    const message = typeof problem === 'string' ? problem : problem.message;
    expect(words.details).toContain(message);
  });

  it.each([
    'Only secure (https) sites can be added',
    'Enter a web address like mail.example.com',
    'Sign-in answer had the wrong state; it was refused',
    'Offline, and this job is not in the offline cache',
  ])('plain words stay as they are, with nothing for support: %s', (message) => {
    expect(problemWords({ name: 'Error', message })).toEqual({ what: message, todo: null, details: null });
  });
});
