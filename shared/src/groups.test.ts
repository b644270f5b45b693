import {
  planMembershipMerge,
  collaborationSide,
  collaborationSideLabel,
  groupYearStats,
  isIsoDate,
  isMemberOn,
  membershipProblem,
  periodYears,
  periodsOverlap,
  type NamedMemberPeriod,
} from './groups';

describe('isIsoDate', () => {
  it('takes real calendar days written YYYY-MM-DD only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-13-01')).toBe(false);
    expect(isIsoDate('2024-1-01')).toBe(false);
    expect(isIsoDate('2024-01-01T00:00:00Z')).toBe(false);
    expect(isIsoDate(20240101)).toBe(false);
    expect(isIsoDate(null)).toBe(false);
  });
});

describe('membership periods', () => {
  const graduated = { from: '2020-04-01', to: '2022-06-30' };
  const current = { from: '2023-01-01', to: null };

  it('includes both ends, and an open period every day from its start', () => {
    expect(isMemberOn(graduated, '2020-04-01')).toBe(true);
    expect(isMemberOn(graduated, '2022-06-30')).toBe(true);
    expect(isMemberOn(graduated, '2022-07-01')).toBe(false);
    expect(isMemberOn(graduated, '2020-03-31')).toBe(false);
    expect(isMemberOn(current, '2099-12-31')).toBe(true);
  });

  it('overlaps when the periods share a day, open ends reaching forever', () => {
    expect(periodsOverlap(graduated, current)).toBe(false);
    expect(periodsOverlap(graduated, { from: '2022-06-30', to: '2022-12-31' })).toBe(true);
    expect(periodsOverlap(graduated, { from: '2022-07-01', to: null })).toBe(false);
    expect(periodsOverlap(current, { from: '2019-01-01', to: null })).toBe(true);
    expect(periodsOverlap({ from: '2021-01-01', to: '2021-02-01' }, graduated)).toBe(true);
  });

  it('names the field that is wrong', () => {
    expect(membershipProblem({ from: '2020-02-30', to: null })).toMatch(/^from /);
    expect(membershipProblem({ from: '2020-02-01', to: '2020/03/01' })).toMatch(/^to /);
    expect(membershipProblem({ from: '2020-02-01', to: '2020-01-31' })).toBe('from must not be after to');
    expect(membershipProblem({ from: '2020-02-01', to: '2020-02-01' })).toBeNull();
    expect(membershipProblem({ from: '2021-01-01', to: undefined }, [graduated])).toMatch(
      /^from and to overlap this creator's membership 2020-04-01 to 2022-06-30/,
    );
    expect(membershipProblem({ from: '2022-07-01', to: '2022-12-31' }, [graduated, current])).toBeNull();
  });

  it('shows the years a period covers', () => {
    expect(periodYears(graduated)).toBe('2020–2022');
    expect(periodYears(current)).toBe('2023–now');
    expect(periodYears({ from: '2021-01-01', to: '2021-05-01' })).toBe('2021');
  });
});

describe('groupYearStats', () => {
  // 1 graduates on 2022-06-30 and comes back in 2024; 2 is a member throughout; 3 never.
  const memberships = [
    { creatorId: 1, from: '2020-04-01', to: '2022-06-30' },
    { creatorId: 1, from: '2024-01-01', to: null },
    { creatorId: 2, from: '2020-01-01', to: null },
  ];

  it('counts inside when every author was a member on the date, across when some were', () => {
    expect(
      groupYearStats(
        [
          { date: '2022-06-01', authorIds: [1, 2] }, // inside: before the graduation
          { date: '2022-07-15', authorIds: [1, 2] }, // across: 1 had left
          { date: '2022-08-01', authorIds: [2, 3] }, // across
          { date: '2022-09-01', authorIds: [1, 3] }, // no member then: not counted
          { date: '2023-03-01', authorIds: [2] }, // solo: not counted
          { date: '', authorIds: [1, 2] }, // undated: not counted
          { date: '2024-02-01', authorIds: [1, 2, 2] }, // inside again after the return
          { date: '2019-12-31', authorIds: [1, 2] }, // before anyone joined
        ],
        memberships,
      ),
    ).toEqual([
      { year: 2022, inside: 1, across: 2 },
      { year: 2024, inside: 1, across: 0 },
    ]);
  });
});

describe('collaborationSide', () => {
  const memberships: NamedMemberPeriod[] = [
    { groupId: 7, groupName: 'Nova', creatorId: 1, from: '2020-01-01', to: '2022-06-30' },
    { groupId: 7, groupName: 'Nova', creatorId: 2, from: '2020-01-01', to: null },
    { groupId: 9, groupName: 'Aurora', creatorId: 1, from: '2021-01-01', to: null },
    { groupId: 9, groupName: 'Aurora', creatorId: 2, from: '2021-06-01', to: null },
  ];

  it('lists every group holding all the authors on the date, by name', () => {
    const side = collaborationSide({ date: '2022-01-01', authorIds: [1, 2] }, memberships);
    expect(side).toEqual({
      side: 'inside',
      groups: [
        { groupId: 9, groupName: 'Aurora' },
        { groupId: 7, groupName: 'Nova' },
      ],
    });
    expect(collaborationSideLabel(side!)).toBe('inside Aurora and Nova');
  });

  it('is across when members of groups made it with others, and null without any member', () => {
    expect(collaborationSide({ date: '2020-06-01', authorIds: [1, 3] }, memberships)).toEqual({
      side: 'across',
    });
    expect(collaborationSide({ date: '2019-06-01', authorIds: [1, 2] }, memberships)).toBeNull();
    expect(collaborationSide({ date: '', authorIds: [1, 2] }, memberships)).toBeNull();
    expect(collaborationSideLabel({ side: 'across' })).toBe('across');
  });
});

describe('planMembershipMerge', () => {
  const m = (id: number, groupId: number, primary: boolean, from: string, to: string | null) => ({
    id,
    groupId,
    primary,
    from,
    to,
  });

  it('moves the merged periods, drops exact duplicates and leaves the primary alone', () => {
    expect(
      planMembershipMerge([
        m(1, 10, true, '2020-01-01', '2020-12-31'),
        m(2, 10, false, '2020-01-01', '2020-12-31'),
        m(3, 10, false, '2022-01-01', null),
        m(4, 11, false, '2019-05-01', '2019-06-01'),
      ]),
    ).toEqual({ move: [3, 4], widen: [], remove: [2] });
  });

  it('joins overlapping periods into one on the primary row', () => {
    expect(
      planMembershipMerge([
        m(1, 10, true, '2020-03-01', '2020-12-31'),
        m(2, 10, false, '2020-01-01', '2020-06-30'),
        m(3, 10, false, '2020-12-01', null),
      ]),
    ).toEqual({ move: [], widen: [{ id: 1, from: '2020-01-01', to: null }], remove: [2, 3] });
  });

  it('joins two merged creators overlapping in a group the primary was never in', () => {
    expect(
      planMembershipMerge([
        m(5, 12, false, '2021-01-01', '2021-06-30'),
        m(6, 12, false, '2021-06-30', '2021-09-30'),
        m(7, 12, false, '2021-10-01', '2021-10-31'),
      ]),
    ).toEqual({ move: [7], widen: [{ id: 5, from: '2021-01-01', to: '2021-09-30' }], remove: [6] });
  });
});
