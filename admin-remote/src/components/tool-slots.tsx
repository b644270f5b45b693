/**
 * Places where the app layer plugs tools into a feature's screen without the features importing each
 * other (a feature never imports another): the YouTube feature fills them in the exposes, the videos and
 * creators features render whatever is there (nothing, in their own tests).
 */
import { createContext, useContext, type ComponentType } from 'react';

export interface VideoInfoPatch {
  title?: string;
  date?: string;
  url?: string;
  authorIds?: number[];
  /** True once detected collaborators were put into the form ('Video added with detected collaborators!'). */
  detected?: boolean;
}

export interface VideoInfoToolProps {
  url: string;
  authorIds: readonly number[];
  onApply: (patch: VideoInfoPatch) => void;
}

export interface CreatorInfoToolProps {
  /** The form's social-link URLs. */
  urls: readonly string[];
  onApply: (info: { name: string; photo: string }) => void;
}

export interface ToolSlots {
  /** 'Fetch Video Info' and the detected-collaborators panel, in the add-video form. */
  videoInfo?: ComponentType<VideoInfoToolProps>;
  /** 'Fetch Creator Info', in every creator form. */
  creatorInfo?: ComponentType<CreatorInfoToolProps>;
  /** Extra buttons of 'Bulk Actions & Cleanup' ('Refresh Photos'). */
  creatorBulkTools?: ComponentType;
}

const ToolSlotsContext = createContext<ToolSlots>({});

export const ToolSlotsProvider = ToolSlotsContext.Provider;

export const useToolSlots = (): ToolSlots => useContext(ToolSlotsContext);
