/** Exposed as './analytics-view': the 'Analytics' screen. */
export { AnalyticsDashboard as default } from '../features/analytics/components/analytics-dashboard';
