/**
 * The oil a call describes: stock-tank oil gravity, temperature and surface gas gravities, checked
 * once and resolved the same way by every pvt.oil* function.
 *
 * Gas gravities (air = 1): `gasSG` is the total surface gas (separator plus stock-tank gas, what
 * Standing, Glaso, Petrosky–Farshad and the Bo mass balance take); `sepGasSG` the separator gas (what
 * Valko–McCain, Velarde and McCain's density and compressibility take). The total is the GOR-weighted
 * mix of the separator gas with the stock-tank vent gas (McCain, Spivey & Lenn 2011, Eq 3.4),
 * gammaG = (gSp Rsp + gSt Rst)/(Rsp + Rst); without separator data the published implementation of
 * these methods (pyrestoolbox 3.7.6, check_sgs) takes a typical vent gas, gSt = 1.15 with Rst/Rsp =
 * 5/1000 (stock-tank gas is much heavier and a small fraction of the total). Given one only:
 * - only sepGasSG: the total from that mix;
 * - only gasSG: the separator gravity by the same mix inverted, gSp = (gammaG (Rsp + Rst) - gSt Rst)/Rsp,
 *   at most gammaG; a method that uses it says so in a warning (OilModel.sepGravity).
 * Vasquez–Beggs take the gravity at a 100 psig separator: with `sepPsia` and `sepTF`, the separator
 * gravity (sepGasSG, else the total with a warning) corrected with their equation; without them the
 * gravity as given, as Vasquez & Beggs allow when separator conditions are unknown (a warning says so).
 */
import { EngineFailure } from '../../failure.js';
import { apiFromOilSG, oilSGFromApi } from './correlations/oilConstants.js';
import { vasquezBeggsSeparatorGravity } from './correlations/vasquezBeggs.js';
import { API_RANGE, MAX_GAS_SG, MAX_OIL_TF, MIN_GAS_TF, MIN_HC_GAS_SG, requireWithin } from '../correlations/domain.js';
import { P_SC } from '../correlations/nonHydrocarbons.js';

/** Highest separator pressure, psia: field separators run below ~1500 psia. */
const MAX_SEPARATOR_PSIA = 10_000;

export interface OilFluidInput {
  api?: number;
  oilSG?: number;
  TF: number;
  gasSG?: number;
  sepGasSG?: number;
  sepPsia?: number;
  sepTF?: number;
}

export interface OilFluid {
  api: number;
  oilSG: number;
  TF: number;
  /** Total surface gas gravity (air = 1). */
  gasSG: number;
  /** Separator gas gravity (air = 1). */
  sepGasSG: number;
  /** Gas gravity at a 100 psig separator, for Vasquez–Beggs (air = 1). */
  vbGasSG: number;
  /**
   * How the separator gravity was obtained when not given: the warning to raise when a method
   * uses it. A function, so the text is built only when the warning is raised.
   */
  sepGasSGNote: (() => string) | null;
  /** How the Vasquez–Beggs gravity was obtained when it is not a corrected separator gravity (built only when raised). */
  vbGasSGNote: (() => string) | null;
}

/** Stock-tank gas gravity and stock-tank/separator GOR ratio assumed when only sepGasSG is known. */
const STOCK_TANK_GAS_SG = 1.15;
const RST_PER_RSP = 5 / 1000;

export function resolveFluid(input: OilFluidInput): OilFluid {
  if (!(input.TF > 0)) {
    throw new EngineFailure('invalid_input', `TF ${input.TF} degF: the oil correlations take powers and logarithms of the temperature in degF and need TF > 0 degF`);
  }
  requireWithin('TF', input.TF, 0, MAX_OIL_TF, 'degF', 'crude oil cracks thermally from about 650-700 degF; no reservoir is near it', true);
  const { api, oilSG } = stockTankOil(input.api, input.oilSG);
  if (input.gasSG === undefined && input.sepGasSG === undefined) throw new EngineFailure('invalid_input', 'give gasSG (total surface gas gravity) or sepGasSG (separator gas gravity)');
  for (const [name, g] of [['gasSG', input.gasSG], ['sepGasSG', input.sepGasSG]] as const) {
    if (g !== undefined) requireWithin(name, g, MIN_HC_GAS_SG, MAX_GAS_SG, 'air=1', 'a hydrocarbon surface gas lies between methane (0.554) and the heaviest gas at standard conditions');
  }
  if (input.sepPsia !== undefined) requireWithin('sepPsia', input.sepPsia, P_SC, MAX_SEPARATOR_PSIA, 'psia', 'a separator runs between atmospheric pressure and a few thousand psia');
  if (input.sepTF !== undefined) requireWithin('sepTF', input.sepTF, MIN_GAS_TF, MAX_OIL_TF, 'degF', 'a separator runs between cryogenic and crude-oil cracking temperatures');
  const gasSG = input.gasSG ?? ((input.sepGasSG as number) + STOCK_TANK_GAS_SG * RST_PER_RSP) / (1 + RST_PER_RSP);
  const sepGasSG = input.sepGasSG ?? Math.min(gasSG, gasSG * (1 + RST_PER_RSP) - STOCK_TANK_GAS_SG * RST_PER_RSP);
  const sepGasSGNote =
    input.sepGasSG === undefined
      ? () => `sepGasSG not given: the separator gas gravity ${sepGasSG.toFixed(4)} is estimated from gasSG ${gasSG} as a mix with stock-tank vent gas of gravity ${STOCK_TANK_GAS_SG} at ${RST_PER_RSP * 1000} scf per 1000 scf of separator gas (McCain, Spivey & Lenn 2011 Eq 3.4, as pyrestoolbox 3.7.6 does); give sepGasSG when it is known`
      : null;
  // Vasquez–Beggs: a separator gravity referred to 100 psig; only given gravities, never the estimate.
  const givenSep = input.sepGasSG ?? gasSG;
  if ((input.sepPsia === undefined) !== (input.sepTF === undefined)) throw new EngineFailure('invalid_input', 'give both sepPsia and sepTF (or neither) to refer the gas gravity to a 100 psig separator');
  let vbGasSG = givenSep;
  let vbGasSGNote: (() => string) | null;
  if (input.sepPsia !== undefined && input.sepTF !== undefined) {
    vbGasSG = vasquezBeggsSeparatorGravity(givenSep, api, input.sepPsia, input.sepTF);
    if (!(vbGasSG > 0)) throw new EngineFailure('invalid_input', `the Vasquez–Beggs separator correction gives a non-positive gas gravity for sepPsia ${input.sepPsia}, sepTF ${input.sepTF}`);
    vbGasSGNote =
      input.sepGasSG === undefined
        ? () => `sepGasSG not given: Vasquez–Beggs (1980) refer the total surface gas gravity ${gasSG} to a 100 psig separator with their correction (${vbGasSG.toFixed(4)}), in place of the separator gas gravity`
        : null;
  } else {
    vbGasSGNote = () => `Vasquez–Beggs (1980) take the gas gravity at a 100 psig separator: without sepPsia and sepTF the ${input.sepGasSG === undefined ? 'total surface' : 'separator'} gas gravity ${givenSep} is used as it is, as the authors allow when separator conditions are unknown`;
  }
  return { api, oilSG, TF: input.TF, gasSG, sepGasSG, vbGasSG, sepGasSGNote, vbGasSGNote };
}

function stockTankOil(api: number | undefined, oilSG: number | undefined): { api: number; oilSG: number } {
  if (api === undefined && oilSG === undefined) throw new EngineFailure('invalid_input', 'give api (stock-tank oil gravity, degAPI) or oilSG (water = 1)');
  if (api !== undefined && oilSG !== undefined && Math.abs(oilSGFromApi(api) - oilSG) > 1e-4 * oilSG) {
    throw new EngineFailure('invalid_input', `api ${api} and oilSG ${oilSG} disagree (API ${api} is oilSG ${oilSGFromApi(api).toFixed(5)}); give one`);
  }
  const a = api ?? apiFromOilSG(oilSG as number);
  if (!(a > 0)) throw new EngineFailure('invalid_input', `oilSG ${oilSG} is API ${a.toFixed(2)}: the correlations need API > 0 (oilSG < 1.076)`);
  requireWithin('api', a, API_RANGE.min, API_RANGE.max, 'degAPI', 'a stock-tank oil is heavier than isopentane (~95 degAPI, the lightest liquid at 14.696 psia and 60 degF); API > 0 keeps the correlations real', true);
  return { api: a, oilSG: oilSG ?? oilSGFromApi(a) };
}
