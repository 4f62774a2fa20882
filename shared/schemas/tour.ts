import * as z from 'zod/mini';

/** Tour type and code as the spec names them (000 §7: "GT", "HOMEPAGE"). */
export const TourTypeSchema = z.enum(['GT']);
export const TourCodeSchema = z.enum(['HOMEPAGE']);

export const TourParamsSchema = z.object({ type: TourTypeSchema, code: TourCodeSchema });
export type TourParams = z.infer<typeof TourParamsSchema>;

/**
 * One step of a guided tour (000 §3). `element` is a CSS selector of the highlighted element (the web
 * app marks them with `data-tour="..."`); a step without it is shown centred.
 */
export const TourStepSchema = z.object({
  title: z.string(),
  description: z.string(),
  progressText: z.optional(z.string()),
  showButtons: z.optional(z.array(z.enum(['next', 'previous', 'close']))),
  side: z.optional(z.enum(['top', 'right', 'bottom', 'left', 'over'])),
  align: z.optional(z.enum(['start', 'center', 'end'])),
  nextBtnText: z.optional(z.string()),
  element: z.optional(z.string()),
});
export type TourStep = z.infer<typeof TourStepSchema>;

/** GET /v2/tours/{type}/{code}. */
export const TourDetailSchema = z.object({
  viewed: z.boolean(),
  contentList: z.array(TourStepSchema),
});
export type TourDetail = z.infer<typeof TourDetailSchema>;

/** The `data-tour` anchors of the home-page tour; the web app sets these attributes. */
export const TOUR_ANCHORS = {
  headerTabs: 'header-tabs',
  addModel: 'add-model',
  modelEntries: 'model-entries',
  executionQueue: 'execution-queue',
  notifications: 'notifications',
  helpMenu: 'help-menu',
  userMenu: 'user-menu',
  zoom: 'zoom',
} as const;

export const tourSelector = (anchor: (typeof TOUR_ANCHORS)[keyof typeof TOUR_ANCHORS]) =>
  `[data-tour="${anchor}"]`;
