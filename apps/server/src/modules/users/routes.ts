import { accountProfileSchema } from '@churchtrades/shared/account';
import { ownAccountClosureSchema } from '@churchtrades/shared/account-deletion';
import { linkKeyQuerySchema, loginPauseKeySchema, photoFieldsSchema } from '@churchtrades/shared/account-requests';
import {
  loginSchema,
  passwordChangeSchema,
  passwordResetWithKeySchema,
  registerSchema,
  resetRequestSchema,
  twoStepSchema,
} from '@churchtrades/shared/auth';
import { envelopeSchema } from '@churchtrades/shared/envelope';
import { MESSAGES } from '@churchtrades/shared/messages';
import { mayMakeChanges } from '@churchtrades/shared/read-only';
import {
  loginUserSchema,
  mfaCancelSchema,
  mfaConfirmSchema,
  mfaSetupSchema,
  OWN_ACCOUNT_CLOSURES,
  type OwnAccountClosurePath,
  ownerContactSchema,
  ownerQuerySchema,
  resetKeyUserSchema,
  userViewSchema,
} from '@churchtrades/shared/user';
import { userIdParamsSchema } from '@churchtrades/shared/user-admin';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { envelope } from '../../http/envelope';
import { keepAnswersPrivate } from '../../http/private-answers';
import { requesterOf } from '../../http/requester';
import { currentSession, currentUser, sessionToken } from '../sessions/plugin';
import { readImageForm } from '../uploads/image-form';
import type { UserService } from './service';

const tags = ['user'];
const nothing = { 200: envelopeSchema(z.object({})) };
const oneUser = { 200: envelopeSchema(z.object({ user: userViewSchema })) };
const loggingIn = { 200: envelopeSchema(z.object({ user: loginUserSchema })) };
/** The password asked again inside a session is counted as a login's is. */
const wrongPasswords = { 429: "Too many wrong passwords for the account lately: try again after the Retry-After header's seconds." };

/** The photo forms (own and anyone's): whose photo, and the image, not yet decoded. */
async function readPhotoForm(request: FastifyRequest): Promise<{ userId: string; image: Buffer }> {
  const { fields, image } = await readImageForm(request);
  const parsed = photoFieldsSchema.safeParse(fields);
  if (!parsed.success) throw new AppError('BAD_REQUEST', MESSAGES.userIdRequired);
  return { userId: parsed.data.userId, image };
}

const CLOSURE_SUMMARIES: Readonly<Record<OwnAccountClosurePath, string>> = {
  toggleaccountexpired: 'Expire the own account: every session of it ends and its business leaves the directory',
  toggleaccountlocked: 'Lock the own account: every session of it ends and its business leaves the directory',
  toggleaccountenabled: 'Disable (close) the own account: every session of it ends and its business leaves the directory',
  togglecredentialsexpired: 'Expire the own password: the next login must choose a new one; other sessions end',
};

/** SPEC §7 "User": registration, verification, login with two-step, password reset, and the own account. */
export const userRoutes: FastifyPluginAsyncZod<{ users: UserService }> = async (app, { users }) => {
  // Every answer here is about one person (or says whether an account exists): no cache may keep it.
  keepAnswersPrivate(app);
  // SPEC §6: a USER changes nothing; told so before the request is even read.
  const requireMayChange = app.requireRole(mayMakeChanges, MESSAGES.readOnlyAccount);

  app.post(
    '/user/register',
    {
      schema: {
        tags,
        summary: 'Register an account; the verification link is e-mailed',
        refusals: {
          429: "Too many registrations from this network, or for this e-mail address, within the hour: try again after the Retry-After header's seconds.",
        },
        body: registerSchema,
        response: nothing,
      },
    },
    async (request) => {
      await users.register(request.body, requesterOf(request));
      return envelope(200, MESSAGES.registrationSuccessful, {});
    },
  );

  app.get(
    '/user/verify/account',
    { schema: { tags, summary: 'Verify an account by its e-mailed key', querystring: linkKeyQuerySchema, response: nothing } },
    async (request) => {
      await users.verifyAccount(request.query.key, requesterOf(request));
      return envelope(200, MESSAGES.accountVerified, {});
    },
  );

  app.post(
    '/user/login',
    {
      schema: {
        tags,
        summary: 'Log in; with two-step on, the session waits for the code',
        refusals: {
          403: 'The password is right, but the account is locked, expired, not verified or waiting to be deleted, or its password has expired (a reset link is mailed); or the request comes from another site.',
          429: "Too many logins from this network, or too many wrong passwords for the account: try again after the Retry-After header's seconds.",
        },
        body: loginSchema,
        response: loggingIn,
      },
    },
    async (request, reply) => {
      const { user, session } = await users.login(request.body, requesterOf(request), sessionToken(request));
      reply.setSessionCookie(session);
      return envelope(200, user.mfa ? MESSAGES.enterTwoStepCode : MESSAGES.loginSuccessful, { user });
    },
  );

  // A POST from the link's page, not the GET of opening the link: a mail scanner that follows links must neither
  // use the key up nor have its own network let in.
  app.post(
    '/user/verify/login',
    {
      schema: {
        tags,
        summary:
          "Let the caller's network log in to the account during the pause of its logins, by the key of the e-mailed \"it's me\" link; the password is still asked",
        body: loginPauseKeySchema,
        response: nothing,
      },
    },
    async (request) => {
      await users.letInDuringPause(request.body.key, requesterOf(request));
      return envelope(200, MESSAGES.loginPauseLetIn, {});
    },
  );

  app.post(
    '/user/verify/qrcode',
    {
      onRequest: app.requireTwoStepPending,
      schema: {
        tags,
        summary: 'Complete a two-step login with the code',
        refusals: {
          403: 'The `userId` is not the user of this login: "This code is for another login. Log in again."; or the request comes from another site.',
          429: "Too many codes for this login, which has ended (log in again), or too many wrong codes for the account or from the network (try again after the Retry-After header's seconds).",
        },
        body: twoStepSchema,
        response: oneUser,
      },
    },
    async (request, reply) => {
      const { user, session } = await users.completeTwoStep(currentSession(request), request.body, requesterOf(request));
      reply.setSessionCookie(session);
      return envelope(200, MESSAGES.loginSuccessful, { user });
    },
  );

  app.post(
    '/user/logout',
    { schema: { tags, summary: 'End the session', response: nothing } },
    async (request, reply) => {
      const token = sessionToken(request);
      if (token !== undefined) await users.logout(token);
      reply.clearSessionCookie();
      return envelope(200, MESSAGES.loggedOut, {});
    },
  );

  app.post(
    '/user/resetpassword',
    {
      schema: {
        tags,
        summary: 'E-mail a password reset link',
        refusals: {
          429: "Too many reset e-mails asked for from this network, or for this address, within the hour: try again after the Retry-After header's seconds.",
        },
        body: resetRequestSchema,
        response: nothing,
      },
    },
    async (request) => {
      await users.requestPasswordReset(request.body.email, requesterOf(request));
      return envelope(200, MESSAGES.resetEmailSent, {});
    },
  );

  app.get(
    '/user/verify/password',
    {
      schema: {
        tags,
        summary: 'Whose password a reset key may set (the key stays usable)',
        querystring: linkKeyQuerySchema,
        response: { 200: envelopeSchema(z.object({ user: resetKeyUserSchema })) },
      },
    },
    async (request) => envelope(200, MESSAGES.resetLinkValid, { user: await users.checkResetKey(request.query.key) }),
  );

  app.post(
    '/user/resetpassword/reset',
    { schema: { tags, summary: 'Set a new password with a reset key', body: passwordResetWithKeySchema, response: nothing } },
    async (request) => {
      await users.resetPassword(request.body, requesterOf(request));
      return envelope(200, MESSAGES.passwordResetSuccessful, {});
    },
  );

  app.get(
    '/user/profile',
    { onRequest: app.requireUser, schema: { tags, summary: 'The logged-in user', response: oneUser } },
    async (request) => envelope(200, MESSAGES.profileFound, { user: await users.profile(currentUser(request)) }),
  );

  app.get(
    '/user/owner',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          "What the 'Business Owner' card shows: the owner's name and phone and their business's public e-mail (the owner, administrators, and who may see the business in moderation)",
        refusals: {
          403: "The caller is neither the user nor an administrator, nor may they see the user's business in moderation.",
          404: 'No user has the `userId` asked for (told to the user themselves and to administrators only).',
        },
        querystring: ownerQuerySchema,
        response: { 200: envelopeSchema(z.object({ owner: ownerContactSchema })) },
      },
    },
    async (request) =>
      envelope(200, MESSAGES.ownerFound, { owner: await users.ownerCard(currentUser(request), request.query.userId) }),
  );

  // The router prefers a static path (/user/profile, /user/owner, /user/sessions) to this parameter, whatever the
  // order the routes are registered in.
  app.get(
    '/user/:id',
    {
      onRequest: app.requireUser,
      schema: { tags, summary: 'A user by id: oneself, or anyone for administrators', params: userIdParamsSchema, response: oneUser },
    },
    async (request) => envelope(200, MESSAGES.userFound, { user: await users.find(currentUser(request), request.params.id) }),
  );

  app.patch(
    '/user/update',
    {
      onRequest: requireMayChange,
      schema: {
        tags,
        summary: 'Change the own profile; another login e-mail needs the password and a click on a link mailed to it',
        refusals: wrongPasswords,
        body: accountProfileSchema,
        response: oneUser,
      },
    },
    async (request) => {
      const { user, emailChangeRequested } = await users.updateProfile(currentSession(request), request.body, requesterOf(request));
      return envelope(200, emailChangeRequested ? MESSAGES.emailChangeRequested : MESSAGES.profileUpdated, { user });
    },
  );

  app.get(
    '/user/verify/email',
    {
      schema: {
        tags,
        summary: 'Make the address an e-mailed key was sent to the login e-mail',
        refusals: { 409: 'Another account took the new address meanwhile: "This email address is already used by another account."' },
        querystring: linkKeyQuerySchema,
        response: nothing,
      },
    },
    async (request) => {
      await users.confirmEmailChange(request.query.key, requesterOf(request));
      return envelope(200, MESSAGES.emailChanged, {});
    },
  );

  app.get(
    '/user/verify/email/undo',
    {
      schema: {
        tags,
        summary: 'Undo a change of the login e-mail by the key mailed to the old address; every session ends',
        refusals: { 409: 'Another account took the old address meanwhile: "This email address is already used by another account."' },
        querystring: linkKeyQuerySchema,
        response: nothing,
      },
    },
    async (request) => {
      await users.undoEmailChange(request.query.key, requesterOf(request));
      return envelope(200, MESSAGES.emailChangeUndone, {});
    },
  );

  app.patch(
    '/user/updatepassword',
    {
      // Read-only as a USER's account is, its password is still theirs to keep safe.
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Change the own password; other sessions end',
        refusals: wrongPasswords,
        body: passwordChangeSchema,
        response: nothing,
      },
    },
    async (request) => {
      await users.changePassword(currentSession(request), request.body, requesterOf(request));
      return envelope(200, MESSAGES.passwordUpdated, {});
    },
  );

  app.patch(
    '/user/photo',
    {
      onRequest: requireMayChange,
      schema: {
        tags,
        summary: 'Change the own photo: a multipart form with userId and the image in file',
        consumes: ['multipart/form-data'],
        response: oneUser,
      },
    },
    async (request) => {
      const { userId, image } = await readPhotoForm(request);
      const user = await users.changePhoto(currentUser(request), userId, image);
      return envelope(200, MESSAGES.photoUpdated, { user });
    },
  );

  app.patch(
    '/user/userPhoto',
    {
      onRequest: requireMayChange,
      schema: {
        tags,
        summary:
          "Set a user's photo: one's own, or an administrator anyone's not of a higher role; a multipart form with userId and the image in file",
        refusals: { 404: 'No user has the `userId` the form names.' },
        consumes: ['multipart/form-data'],
        response: oneUser,
      },
    },
    async (request) => {
      const { userId, image } = await readPhotoForm(request);
      const user = await users.changePhotoOf(currentUser(request), userId, image);
      return envelope(200, MESSAGES.photoUpdated, { user });
    },
  );

  for (const path of Object.keys(OWN_ACCOUNT_CLOSURES) as OwnAccountClosurePath[]) {
    app.patch(
      `/user/${path}`,
      {
        // Read-only as a USER's account is, closing it is still theirs to do.
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: CLOSURE_SUMMARIES[path],
          refusals: {
            ...wrongPasswords,
            409: 'The account (or its password) is closed that way already: only an administrator, or for a password a reset, opens it again.',
          },
          body: ownAccountClosureSchema,
          response: oneUser,
        },
      },
      async (request, reply) => {
        const { user, message, loggedOut } = await users.closeOwnAccount(currentSession(request), path, request.body, requesterOf(request));
        if (loggedOut) reply.clearSessionCookie();
        return envelope(200, message, { user });
      },
    );
  }

  app.patch(
    '/user/mfa/setup',
    {
      onRequest: requireMayChange,
      schema: {
        tags,
        summary: 'A new two-step secret and its QR code',
        refusals: { 409: 'Two-step verification is already on: turn it off first.' },
        response: { 200: envelopeSchema(mfaSetupSchema) },
      },
    },
    async (request) => envelope(200, MESSAGES.mfaSetupStarted, await users.setUpMfa(currentUser(request))),
  );

  app.patch(
    '/user/mfa/confirm',
    {
      onRequest: requireMayChange,
      schema: {
        tags,
        summary: 'Turn two-step on with a code of the new secret and the password; other sessions end',
        refusals: wrongPasswords,
        body: mfaConfirmSchema,
        response: oneUser,
      },
    },
    async (request) => {
      const user = await users.confirmMfa(currentSession(request), request.body, requesterOf(request));
      return envelope(200, MESSAGES.mfaTurnedOn, { user });
    },
  );

  app.patch(
    '/user/mfa/cancel',
    {
      onRequest: requireMayChange,
      schema: {
        tags,
        summary: 'Turn two-step off with the password; other sessions end',
        refusals: wrongPasswords,
        body: mfaCancelSchema,
        response: oneUser,
      },
    },
    async (request) => {
      const user = await users.cancelMfa(currentSession(request), request.body, requesterOf(request));
      return envelope(200, MESSAGES.mfaTurnedOff, { user });
    },
  );
};
