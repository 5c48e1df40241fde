import type { Handler } from '../platform/handlers.ts';
import { enforceRateLimits, rateKey } from '../platform/rate-limit.ts';
import { callerId, changedUser } from './current-user.ts';
import { redeemPromoCode } from './promo.ts';
import { loadUserView } from './user-view.ts';
import { unauthorized } from '../platform/errors.ts';

/**
 * POST /api/v3/promo-code: the code picked up from the promo or promo_email URL parameter, sent once the
 * user is signed in and verified. An unknown, expired or used-up code is not an error: promo_status is
 * invalid. Limited per user, so codes cannot be guessed by trying many.
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
  const user = promoStatus === 'applied' ? await changedUser(request, userId) : await loadUserView(db, userId);
  if (!user) throw unauthorized();
  return { promo_status: promoStatus, user };
};
