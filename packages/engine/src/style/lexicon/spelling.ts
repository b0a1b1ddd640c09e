/**
 * US ↔ UK spelling pairs, generated from stem families (-or/-our, -ize/-ise, -yze/-yse, -er/-re,
 * -ense/-ence, single/double l) plus a list of one-off pairs. Stems where both varieties agree
 * (advise, comprise, honorary, vigorous) are not generated.
 */

function family(stems: string, us: string, uk: string, suffixes: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const stem of stems.split(' ')) {
    for (const suffix of suffixes.split(' ')) {
      const tail = suffix === '-' ? '' : suffix;
      out.push([stem + us + tail, stem + uk + tail]);
    }
  }
  return out;
}

const OUR_STEMS =
  'col fav hon lab neighb behavi hum rum vig harb flav sav endeav arm clam od parl rig val vap splend ard cand ferv tum demean';
const IZE_STEMS =
  'organ real recogn special apolog emphas critic summar minim maxim util priorit categor custom optim personal standard ' +
  'modern author memor symbol character civil colon final formal general harmon legal local mobil normal patron popular ' +
  'rational revolution sympath visual familiar fertil central capital industrial privat stabil subsid agon jeopard scrutin ' +
  'theor hospital energ synchron steril human western item global digit monet neutral penal trivial vandal commercial ' +
  'institutional marginal random';
const L_STEMS =
  'travel cancel model label level fuel signal marvel quarrel counsel channel tunnel equal total dial duel jewel rival';

const PAIRS: Array<[string, string]> = [
  ...family(OUR_STEMS, 'or', 'our', '- s ed ing er ers ful less'),
  ...family('fav', 'or', 'our', 'able ably ite ites'),
  ...family('hon', 'or', 'our', 'able ably'),
  ...family('neighb', 'or', 'our', 'hood hoods ly ing'),
  ...family('behavi', 'or', 'our', 'al ally'),
  ...family('col', 'or', 'our', 'ful less ation'),
  ...family(IZE_STEMS, 'iz', 'is', 'e es ed ing ation ations er ers'),
  ...family('analy paraly cataly', 'yz', 'ys', 'e ed ing'),
  ...family('cent theat fib lit spect lust meag somb calib sab', 'er', 're', '- s'),
  ...family('cent', 'er', 're', 'ed'),
  ...family('def off pret', 'ense', 'ence', '- s'),
  // The stems end in their l: US doubles nothing (traveled), UK doubles it (travelled).
  ...family(L_STEMS, '', 'l', 'ed ing er ers'),
  ['jewelry', 'jewellery'],
  ['woolen', 'woollen'],
  ['fulfill', 'fulfil'],
  ['fulfillment', 'fulfilment'],
  ['enroll', 'enrol'],
  ['enrollment', 'enrolment'],
  ['installment', 'instalment'],
  ['skillful', 'skilful'],
  ['willful', 'wilful'],
  ['gray', 'grey'],
  ['catalog', 'catalogue'],
  ['catalogs', 'catalogues'],
  ['analog', 'analogue'],
  ['aging', 'ageing'],
  ['judgment', 'judgement'],
  ['judgments', 'judgements'],
  ['acknowledgment', 'acknowledgement'],
  ['skeptic', 'sceptic'],
  ['skeptical', 'sceptical'],
  ['skepticism', 'scepticism'],
  ['mold', 'mould'],
  ['plow', 'plough'],
  ['pajamas', 'pyjamas'],
  ['aluminum', 'aluminium'],
  ['mustache', 'moustache'],
  ['cozy', 'cosy'],
  ['artifact', 'artefact'],
  ['artifacts', 'artefacts'],
  ['maneuver', 'manoeuvre'],
  ['maneuvers', 'manoeuvres'],
  ['encyclopedia', 'encyclopaedia'],
  ['pediatric', 'paediatric'],
  ['anemia', 'anaemia'],
  ['estrogen', 'oestrogen'],
  ['offense', 'offence'],
];

/** US spelling → UK spelling (lower-case). */
export const US_TO_UK: ReadonlyMap<string, string> = new Map(PAIRS);
/** UK spelling → US spelling (lower-case). */
export const UK_TO_US: ReadonlyMap<string, string> = new Map(PAIRS.map(([us, uk]) => [uk, us]));
