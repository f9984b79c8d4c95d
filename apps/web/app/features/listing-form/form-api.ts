import type { Category, Facility } from '@estate/core';
import type { Mode } from './build-body.ts';
import type { Step } from './steps.ts';
import type { ListingValues, Media } from './values.ts';

/** What every step of the listing form reads and changes. */
export type FormApi = {
  mode: Mode;
  values: ListingValues;
  set: <K extends keyof ListingValues>(key: K, value: ListingValues[K]) => void;
  setParameter: (id: number, value: string | string[]) => void;
  setFacility: (id: number, distance: string) => void;
  media: Media;
  /** Changes the media; `fields` are the keys whose messages the change answers. */
  updateMedia: (change: (media: Media) => Media, fields: string[]) => void;
  /** The message to show on `field`, if any. */
  error: (field: string) => string | undefined;
  /** A field was left: its message shows from now on. */
  touch: (field: string) => void;
  /** A message of the browser's own about a field (a file too large…), or undefined to clear it. */
  setLocalError: (field: string, message: string | undefined) => void;
  categories: readonly Category[];
  category: Category | undefined;
  facilities: readonly Facility[];
  goTo: (step: Step) => void;
};
