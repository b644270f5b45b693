/** 'Collaborations per month' on the creator page. */
import { Spinner } from '../../../components/spinner';
import { useCreatorActivity } from '../api/get-activity';
import { ActivityChart } from './activity-chart';

export function CreatorActivity({ creatorId }: { creatorId: number }) {
  const { data, isPending, isError } = useCreatorActivity(creatorId);
  return (
    <section className="pr-section" aria-labelledby="pr-activity-title">
      <h3 id="pr-activity-title" className="pr-section__title">
        Collaborations per Month
      </h3>
      {isPending ? (
        <Spinner label="Loading activity" />
      ) : isError ? (
        <p className="pr-banner pr-banner--error" role="alert">
          The activity could not be loaded.
        </p>
      ) : (
        <ActivityChart activity={data} title="Collaborations per month" />
      )}
    </section>
  );
}
