import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { CENTS_PER_EXTRA_MINUTE, dollars } from '@rules/plan';
import { useGetUsageQuery } from '@/store/api/calls';
import { SectionHeading } from '@/components/SectionHeading';
import { TrialMinutes } from './TrialMinutes';
import { usedPercent } from './usageFigures';

/** Minutes used this month against the plan, so an overage charge is never a surprise. */
export function UsageSummary() {
  const { data, isError } = useGetUsageQuery();

  return (
    <Paper variant="outlined" component="section" aria-labelledby="usage-heading" sx={{ p: 3, flex: 2 }}>
      <SectionHeading id="usage-heading">Usage this month</SectionHeading>
      {isError && <Typography color="textSecondary">Usage is not available right now.</Typography>}
      {data && (
        <>
          <Typography variant="emphasis">
            {data.minutes_used} of {data.included_minutes} minutes used
          </Typography>
          <LinearProgress
            variant="determinate"
            aria-label="Included minutes used"
            value={usedPercent(data.minutes_used, data.included_minutes)}
            sx={{ my: 1.5, height: 8, borderRadius: 4 }}
          />
          <Typography color="textSecondary">
            Overage so far: {dollars(data.overage_cents)} ({dollars(CENTS_PER_EXTRA_MINUTE)} per extra minute)
          </Typography>
          {data.trial && (
            <TrialMinutes
              used={data.trial.minutes_used}
              limit={data.trial.minutes_limit}
              overage={data.overage_cents > 0}
            />
          )}
        </>
      )}
    </Paper>
  );
}
