/**
 * The API's bodies as TypeScript types, read from their schemas (api-schemas.ts) so that they
 * cannot drift: the web console uses these instead of copies of its own.
 */
import type { Static } from '@sinclair/typebox';
import type {
  ChatCompletionChunk,
  Comparison,
  Distance,
  DiffSegment,
  ErrorBody,
  FileList,
  FileObject as FileSchema,
  FineTuningJob,
  ModelObject,
  QualityAnalytics as QualitySchema,
  Usage as UsageSchema,
} from './api-schemas.js';

export type ApiErrorBody = Static<typeof ErrorBody>;
export type FileObject = Static<typeof FileSchema>;
export type Job = Static<typeof FineTuningJob>;
export type Model = Static<typeof ModelObject>;
/** An OpenAI-style page of T: every list body (FileList, FineTuningJobList, ModelList) has this shape. */
export type List<T> = Omit<Static<typeof FileList>, 'data'> & { data: T[] };
export type QualityAnalytics = Static<typeof QualitySchema>;
export type TransformComparison = Static<typeof Comparison>;
export type TransformDistance = Static<typeof Distance>;
export type DiffPiece = Static<typeof DiffSegment>;
export type Usage = Static<typeof UsageSchema>;
export type TransformChunk = Static<typeof ChatCompletionChunk>;
