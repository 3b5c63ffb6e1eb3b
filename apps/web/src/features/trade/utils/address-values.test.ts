import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../testing/user-factory';
import { makeOwnTrade, makeSuggestion } from '../testing/trade-dashboard-factory';
import { addressFields, addressPayload, suggestedFields } from './address-values';

describe('address values', () => {
  it('sends fields left empty (or only spaces) as none, and no state chosen as none', () => {
    const trade = makeOwnTrade(makeUser());
    const blank = addressFields(trade, null);
    const values = { ...blank, suburb: ' Parramatta ', streetName: '   ', countryCode: 'AU' as const };

    expect(addressPayload(values)).toMatchObject({
      entityId: trade.id,
      suburb: 'Parramatta',
      streetName: null,
      fullAddress: null,
      stateType: null,
      unitType: 'HOUSE',
    });
  });

  it("gives an address without a flat the unit type HOUSE, and keeps the street's type apart from its name", () => {
    const house = makeSuggestion({ flatType: null, flatNumber: null, streetTypeAbbreviation: 'ST' });
    expect(suggestedFields(house)).toMatchObject({
      unitType: 'HOUSE',
      unitNbr: '',
      streetName: 'GEORGE',
      streetType: 'ST',
    });
  });
});
