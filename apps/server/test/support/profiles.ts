/**
 * A profile that passes SPEC §5's completeness rule, for tests that need members who may bid,
 * host and message. Only the first name varies; nothing else about the member matters there.
 */
export const completeProfile = (firstName: string) => ({
  firstName,
  lastName: 'Tester',
  bio: '',
  age: 30,
  location: 'Austin, TX',
  country: 'United States',
  zipCode: '78701',
  interests: [],
  sex: 'male',
  openToDatesWith: ['female'],
});
