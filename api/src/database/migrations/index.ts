import { InitialSchema1795000000000 } from './1795000000000-InitialSchema';
import { AdminSessions1796000000000 } from './1796000000000-AdminSessions';
import { LoginLimits1797000000000 } from './1797000000000-LoginLimits';
import { DataVersion1797100000000 } from './1797100000000-DataVersion';
import { StoredCounts1797200000000 } from './1797200000000-StoredCounts';
import { EvidenceAndReview1797300000000 } from './1797300000000-EvidenceAndReview';
import { History1797400000000 } from './1797400000000-History';
import { CreatorSearchIndex1797600000000 } from './1797600000000-CreatorSearchIndex';
import { Groups1797621584131 } from './1797621584131-Groups';
import { AnswerVersions1797621663364 } from './1797621663364-AnswerVersions';
import { OtherNamesAndNameKeys1797622020684 } from './1797622020684-OtherNamesAndNameKeys';
import { OneWritePath1797624423879 } from './1797624423879-OneWritePath';
import { PublicApi1797625047204 } from './1797625047204-PublicApi';
import { EventsRolesCrew1797780000000 } from './1797780000000-EventsRolesCrew';
import { NetworkAnalysisRuns1797625987343 } from './1797625987343-NetworkAnalysisRuns';
import { EventEvidence1797830000000 } from './1797830000000-EventEvidence';
import { CreatorEventCounts1797840000000 } from './1797840000000-CreatorEventCounts';
import { ShortSearchGrams1797850000000 } from './1797850000000-ShortSearchGrams';
import { VideoMonthDates1797900000002 } from './1797900000002-VideoMonthDates';
import { CollaborationMonths1797900000001 } from './1797900000001-CollaborationMonths';
import { PeriodCounts1797900000000 } from './1797900000000-PeriodCounts';
import { AuthState1797860000000 } from './1797860000000-AuthState';
import { VideoTitleSearch1797910000000 } from './1797910000000-VideoTitleSearch';
import { EventRejections1797950000000 } from './1797950000000-EventRejections';
import { CreatorPairs1797970000000 } from './1797970000000-CreatorPairs';
import { GroupCounts1797980000000 } from './1797980000000-GroupCounts';
import { CreatorVideoDates1797990000000 } from './1797990000000-CreatorVideoDates';
import { MergeSearchSegments1797993000000 } from './1797993000000-MergeSearchSegments';
import { StoredNamesNfc1797994000000 } from './1797994000000-StoredNamesNfc';
import { FoldLetterVariants1797995000000 } from './1797995000000-FoldLetterVariants';
import { CreatorSearchDocs1797996000000 } from './1797996000000-CreatorSearchDocs';
import { NewestFirstTitleIndex1797997000000 } from './1797997000000-NewestFirstTitleIndex';

/** Every migration, oldest first: listed explicitly (no globs) so tsc, jest and node load the same set. */
export const MIGRATIONS = [
  InitialSchema1795000000000,
  AdminSessions1796000000000,
  LoginLimits1797000000000,
  DataVersion1797100000000,
  StoredCounts1797200000000,
  EvidenceAndReview1797300000000,
  History1797400000000,
  CreatorSearchIndex1797600000000,
  Groups1797621584131,
  AnswerVersions1797621663364,
  OtherNamesAndNameKeys1797622020684,
  OneWritePath1797624423879,
  PublicApi1797625047204,
  NetworkAnalysisRuns1797625987343,
  EventsRolesCrew1797780000000,
  EventEvidence1797830000000,
  CreatorEventCounts1797840000000,
  ShortSearchGrams1797850000000,
  AuthState1797860000000,
  PeriodCounts1797900000000,
  CollaborationMonths1797900000001,
  VideoMonthDates1797900000002,
  VideoTitleSearch1797910000000,
  EventRejections1797950000000,
  CreatorPairs1797970000000,
  GroupCounts1797980000000,
  CreatorVideoDates1797990000000,
  MergeSearchSegments1797993000000,
  StoredNamesNfc1797994000000,
  FoldLetterVariants1797995000000,
  CreatorSearchDocs1797996000000,
  NewestFirstTitleIndex1797997000000,
];
