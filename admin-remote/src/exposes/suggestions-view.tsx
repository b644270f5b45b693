/** Exposed as './suggestions-view': the 'Video Suggestions' screen. */
export { VideoSuggestions as default } from '../features/suggestions/components/video-suggestions';
