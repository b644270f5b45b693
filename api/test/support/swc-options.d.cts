import type { Options } from '@swc/core';

export declare const SWC_NODE_OPTIONS: Options;
