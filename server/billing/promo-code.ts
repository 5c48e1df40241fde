import type { Handler } from '../platform/handlers.ts';
import { enforceRateLimits, rateKey } from '../platform/rate-limit.ts';
import { callerId, changedUser } from '../identity/current-user.ts';
import { announceCredits } from './credits.ts';
import { redeemPromoCode } from './promo.ts';
import { applyPromoTrial } from './trial.ts';
import { loadUserView } from '../identity/user-view.ts';
import { unauthorized } from '../platform/errors.ts';

/**
 * POST /api/v3/promo-code: the code picked up from the promo or promo_email URL parameter, sent once the
 * user is signed in and verified. An unknown, expired or used-up code is not an error: promo_status is
 * invalid. Limited per user, so codes cannot be guessed by trying many. An extended-trial code starts the
 * trial for a user with no trial and no plan, or moves the end of the trial in progress (never an admin's).
 */
export const applyPromoCode: Handler<'applyPromoCode'> = async (request) => {
  const { db, config } = request.server;
  const userId = callerId(request);
  await enforceRateLimits(
    db,
    [{ key: rateKey('promo:user', userId), rule: config.rateLimits.promo }],
    'Too many promo codes tried. Please try again later.',
  );
  const { promoStatus } = await redeemPromoCode(db, userId, request.body.promo_code, request.body.place);
  // An extended-trial code starts the trial (or lengthens the one in progress) for its days.
  const trial = promoStatus === 'applied' ? await applyPromoTrial(db, userId) : 'none';
  const user = promoStatus === 'applied' ? await changedUser(request, userId) : await loadUserView(db, userId);
  if (!user) throw unauthorized();
  if (trial === 'started') await announceCredits(db, userId);
  return { promo_status: promoStatus, user };
};
