import { defineHandlers } from '../platform/handlers.ts';
import { submitFeedback, submitNpsSurvey } from './feedback.ts';

/** Feedback and the NPS survey (openapi/auth.yaml). */
export const feedbackHandlers = defineHandlers({ submitFeedback, submitNpsSurvey });
