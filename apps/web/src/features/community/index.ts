// Issue 19: community and moderation — reports, comments, follows, notifications, votes.
export { CommentsSection } from './components/comments-section.tsx';
export { DigestToggle } from './components/digest-toggle.tsx';
export { FollowButton } from './components/follow-button.tsx';
export { FollowingPage } from './components/following-page.tsx';
export { ReportButton } from './components/report-button.tsx';
export { ReportsTab } from './components/reports-tab.tsx';
export { VoteButton } from './components/vote-button.tsx';
export { useMyVotes } from './api/votes.ts';
export { useAdminQueueCounts } from './api/admin-queue.ts';
