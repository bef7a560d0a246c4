export {
  SegmentedControl,
  segmentTones,
  type Segment,
  type SegmentTone,
  type SegmentedControlProps,
} from './SegmentedControl.js';
