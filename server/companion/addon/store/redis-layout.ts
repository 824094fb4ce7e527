// The add-on store's two scripts (redis-store.ts, the one store for Node and edge instances: redis-commands.ts), so
// both kinds of instance compare and write in one atomic step.

// KEYS: the key; ARGV: expected, next. 1 when replaced.
export const COMPARE_AND_SET_LUA = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL')
  return 1
end
return 0`;

// KEYS: the key; ARGV: expected. 1 when deleted.
export const COMPARE_AND_DELETE_LUA = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;
