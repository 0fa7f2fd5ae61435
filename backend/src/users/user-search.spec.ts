import { USER_SEARCH_INDEX_EXPRESSION } from '../database/migrations/1765720000000-user-search';
import { userSearchQuery, userSearchVector } from './user-search';

describe('user search', () => {
  it('queries with the index\'s own expression', () => {
    expect(userSearchVector({ name: 'name', username: 'username', email: 'email', phone: 'phone_number' })).toBe(USER_SEARCH_INDEX_EXPRESSION);
  });

  it('makes every typed word a prefix, and no input a malformed query', () => {
    expect(userSearchQuery('  Ole   HAN ')).toBe("'ole':* & 'han':*");
    expect(userSearchQuery("o'brien & !x:*")).toBe("'obrien':* & 'x':*");
    expect(userSearchQuery('ole@example.no')).toBe("'ole@example.no':*");
    expect(userSearchQuery('+4791234567')).toBe("'4791234567':*");
    expect(userSearchQuery(' &|! ')).toBeNull();
    expect(userSearchQuery('a b c d e f g h')).toBe("'a':* & 'b':* & 'c':* & 'd':* & 'e':* & 'f':*");
  });
});
