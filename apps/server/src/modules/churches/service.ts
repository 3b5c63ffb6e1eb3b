import type { ChurchSearchQuery, ChurchSummary } from '@churchtrades/shared/church';
import type { ChurchAdmin, ChurchFormInput, ChurchManageQuery, ChurchUpdateInput } from '@churchtrades/shared/church-admin';
import { MESSAGES } from '@churchtrades/shared/messages';
import { mayAdministerChurches, moderatesEverywhere } from '@churchtrades/shared/permissions';
import { type RealState, STATE_FILTER_ALL, type StateFilter } from '@churchtrades/shared/states';
import { type Page, pageOf } from '@churchtrades/shared/trade-search';
import type { Transactions } from '../../db/transactions';
import { AppError } from '../../http/app-error';
import { isUuid } from '../../lib/uuid';
import type { AuditTrail } from '../audit/service';
import { requirePermission } from '../sessions/permission';
import type { SignedInUser } from '../sessions/service';
import type { ImageFolder, ImageStore } from '../uploads/image-store';
import type { ChurchFields, ChurchFilter, ChurchPicture, ChurchRepo, ChurchRow, ChurchSwitch } from './repo';

export interface ChurchServiceDependencies {
  repo: ChurchRepo;
  audit: AuditTrail;
  images: ImageStore;
  transactions: Pick<Transactions, 'run'>;
}

function stateOf(state: StateFilter) {
  return state === STATE_FILTER_ALL ? {} : { stateType: state };
}

/** The churches an actor administers: every church, or those of the one state a governor governs (none yet: null). */
type AdministeredChurches = { everywhere: true } | { everywhere: false; state: RealState | null };

function assertAdministersState(scope: AdministeredChurches, state: RealState): void {
  if (!scope.everywhere && scope.state !== state) throw new AppError('FORBIDDEN', MESSAGES.churchOfAnotherState);
}

const PICTURE_FOLDERS: Record<ChurchPicture, ImageFolder> = { logo: 'logos', image: 'photos' };
const PICTURE_ACTIONS = { logo: 'church.logo', image: 'church.image' } as const;
const SWITCH_ACTIONS = { enabled: 'church.enable', moderated: 'church.moderate' } as const;

// As churchFormSchema's name: checked again once the spaces around it are gone.
const CHURCH_NAME_MIN_LENGTH = 2;

/** The church form's fields, its name trimmed; a name left too short is refused as the form would. */
function enteredFieldsOf(input: ChurchFormInput): ChurchFields {
  const name = input.name.trim();
  if (name.length < CHURCH_NAME_MIN_LENGTH) throw new AppError('BAD_REQUEST', MESSAGES.churchNameRequired);
  return formFieldsOf({ ...input, name });
}

/** The fields of the church form, out of the form or out of a church as it is stored. */
function formFieldsOf(source: ChurchFields): ChurchFields {
  const { name, stateType, suburb, postcode, latitude, longitude } = source;
  return { name, stateType, suburb, postcode, latitude, longitude };
}

/** Whether the stored church is the one the form describes, field for field: the same form sent again. */
function isChurchOf(church: ChurchRow, fields: ChurchFields): boolean {
  const stored = formFieldsOf(church);
  return (Object.keys(fields) as (keyof ChurchFields)[]).every((field) => stored[field] === fields[field]);
}

/**
 * The church a registration finds already in its place: the same form sent again (the first answer was lost and
 * the client tried again) answers the church it made; any other is refused, a church is registered once.
 */
function sameChurchSentAgain(church: ChurchRow, fields: ChurchFields): ChurchRow {
  if (!isChurchOf(church, fields)) throw new AppError('CONFLICT', MESSAGES.churchExists);
  return church;
}

/**
 * Churches: the public side shows enabled churches only; administrators see and change every church, and a
 * governor those of the state they govern (DESIGN "Roles"). Each change is written with its audit entry, in one
 * transaction: never one without the other.
 */
export function createChurchService({ repo, audit, images, transactions }: ChurchServiceDependencies) {
  /** Every method that administers churches asks this first: a role below a governor's is refused. */
  async function administered(actor: SignedInUser): Promise<AdministeredChurches> {
    requirePermission(actor, mayAdministerChurches);
    if (moderatesEverywhere(actor.role)) return { everywhere: true };
    return { everywhere: false, state: await repo.governedStateOf(actor.userId) };
  }

  /** A church the actor may administer: 404 when there is none, 403 when it is of a state they do not govern. */
  async function churchToManage(actor: SignedInUser, id: string): Promise<ChurchRow> {
    const scope = await administered(actor);
    const church = isUuid(id) ? await repo.find(id) : undefined;
    if (!church) throw new AppError('NOT_FOUND', MESSAGES.churchNotFound);
    assertAdministersState(scope, church.stateType);
    return church;
  }

  async function adminView(id: string): Promise<ChurchAdmin> {
    const church = await repo.findAdmin(id);
    if (!church) throw new AppError('NOT_FOUND', MESSAGES.churchNotFound);
    return church;
  }

  return {
    /** Every enabled church of a state (ALL: of every state) by name, for the church select. */
    async listByState(state: StateFilter): Promise<ChurchSummary[]> {
      return repo.listEnabled({ ...stateOf(state), nameContains: '' });
    },

    /** Enabled churches whose name contains the text (any case), by name, a page at a time. */
    async search(query: ChurchSearchQuery): Promise<Page<ChurchSummary>> {
      const filter = { ...stateOf(query.stateType), nameContains: query.name };
      // Churches number in the thousands at most: counting them exactly is cheap.
      const [content, totalElements] = await Promise.all([
        repo.listEnabled(filter, { offset: query.page * query.size, limit: query.size }),
        repo.countEnabled(filter),
      ]);
      return pageOf(content, totalElements, query);
    },

    /** An enabled church; anything else, a malformed id included, is simply not found. */
    async findEnabled(id: string): Promise<ChurchSummary> {
      const church = isUuid(id) ? await repo.findEnabled(id) : undefined;
      if (!church) throw new AppError('NOT_FOUND', MESSAGES.churchNotFound);
      return church;
    },

    churchToManage,

    /** Every church the actor administers, disabled ones too, by name; a governor's state filter is their state. */
    async listManaged(actor: SignedInUser, query: ChurchManageQuery): Promise<Page<ChurchAdmin>> {
      const scope = await administered(actor);
      if (!scope.everywhere && scope.state === null) return pageOf([], 0, query);
      const stateType = scope.everywhere ? stateOf(query.stateType).stateType : scope.state!;
      const filter: ChurchFilter = { ...(stateType ? { stateType } : {}), nameContains: query.name };
      const [content, totalElements] = await Promise.all([
        repo.listAll(filter, { offset: query.page * query.size, limit: query.size }),
        repo.countAll(filter),
      ]);
      return pageOf(content, totalElements, query);
    },

    async findManaged(actor: SignedInUser, id: string): Promise<ChurchAdmin> {
      const church = await churchToManage(actor, id);
      return adminView(church.id);
    },

    async register(actor: SignedInUser, input: ChurchFormInput): Promise<ChurchAdmin> {
      assertAdministersState(await administered(actor), input.stateType);
      const fields = enteredFieldsOf(input);
      const church = await transactions.run(async () => {
        const known = await repo.findSameChurch(fields);
        if (known) return sameChurchSentAgain(known, fields);
        const inserted = await repo.insert(fields);
        await audit.record(actor, {
          action: 'church.register',
          subjectType: 'CHURCH',
          subjectId: inserted.id,
          subjectName: inserted.name,
          before: null,
          after: { ...fields },
        });
        return inserted;
      });
      return adminView(church.id);
    },

    /** A governor may neither change a church of another state nor move one of theirs into another state. */
    async update(actor: SignedInUser, input: ChurchUpdateInput): Promise<ChurchAdmin> {
      const church = await churchToManage(actor, input.churchId);
      assertAdministersState(await administered(actor), input.stateType);
      const fields = enteredFieldsOf(input);
      await transactions.run(async () => {
        if (await repo.findSameChurch(fields, church.id)) throw new AppError('CONFLICT', MESSAGES.churchExists);
        await repo.update(church.id, fields);
        await audit.record(actor, {
          action: 'church.update',
          subjectType: 'CHURCH',
          subjectId: church.id,
          subjectName: fields.name,
          before: { ...formFieldsOf(church) },
          after: { ...fields },
        });
      });
      return adminView(church.id);
    },

    /** Replaces the church's logo or image with the upload, re-encoded; the old file goes. */
    async changePicture(actor: SignedInUser, churchId: string, picture: ChurchPicture, upload: Buffer): Promise<ChurchAdmin> {
      const church = await churchToManage(actor, churchId);
      const url = await images.save(PICTURE_FOLDERS[picture], upload);
      try {
        await transactions.run(async () => {
          await repo.update(church.id, { [picture]: url });
          await audit.record(actor, {
            action: PICTURE_ACTIONS[picture],
            subjectType: 'CHURCH',
            subjectId: church.id,
            subjectName: church.name,
            before: { [picture]: church[picture] },
            after: { [picture]: url },
          });
        });
      } catch (error) {
        // Nothing points at the new file; the old one stays the church's.
        await images.remove(url);
        throw error;
      }
      await images.remove(church[picture]);
      return adminView(church.id);
    },

    /**
     * Flips whether the church is enabled (a disabled church's businesses leave the directory, by the
     * database's triggers) or moderated.
     */
    async flip(actor: SignedInUser, churchId: string, name: ChurchSwitch): Promise<ChurchAdmin> {
      const church = await churchToManage(actor, churchId);
      await transactions.run(async () => {
        const value = await repo.flip(church.id, name);
        if (value === undefined) throw new AppError('NOT_FOUND', MESSAGES.churchNotFound);
        await audit.record(actor, {
          action: SWITCH_ACTIONS[name],
          subjectType: 'CHURCH',
          subjectId: church.id,
          subjectName: church.name,
          before: { [name]: !value },
          after: { [name]: value },
        });
      });
      return adminView(church.id);
    },
  };
}

export type ChurchService = ReturnType<typeof createChurchService>;

/** What other modules need of churches: which ones an actor may administer. */
export type ChurchAdministration = Pick<ChurchService, 'churchToManage'>;
