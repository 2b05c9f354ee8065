import type { Hex } from 'viem';
import { appDataHash, MAX_APP_DATA_BYTES } from '../../../main/common/protocol/app-data';
import { json, parseJson, text, type Reply } from '../http/reply';
import type { SandboxState } from '../state';
import { apiError, invalidPathParameter, unparsableBody, undeserializableBody } from './answers';
import type { OrderbookRoute } from './context';
import { isHash32, isJsonObject, isRecord } from './fields';

/** PUT /api/v1/app_data/{hash} with `{fullAppData}`: 201 when new, 200 when known; answers the hash. */
export const putAppDataRoute: OrderbookRoute = {
  method: 'PUT',
  pattern: ['v1', 'app_data', ':hash'],
  handle: (request, params, { state }) => {
    if (!isHash32(params.hash)) return invalidPathParameter('app_data_hash');
    return register(request.rawBody, params.hash.toLowerCase() as Hex, state);
  },
};

/** PUT /api/v1/app_data: the same, with the hash computed here. */
export const putAppDataUnhashedRoute: OrderbookRoute = {
  method: 'PUT',
  pattern: ['v1', 'app_data'],
  handle: (request, _params, { state }) => register(request.rawBody, undefined, state),
};

/** GET /api/v1/app_data/{hash}: `{fullAppData}`, or a plain-text 404. */
export const getAppDataRoute: OrderbookRoute = {
  method: 'GET',
  pattern: ['v1', 'app_data', ':hash'],
  handle: (_request, params, { state }) => {
    if (!isHash32(params.hash)) return invalidPathParameter('app_data_hash');
    const document = state.appData.get(params.hash.toLowerCase());
    return document === undefined ? text(404, 'full app data not found') : json(200, { fullAppData: document });
  },
};

function register(rawBody: string, declaredHash: Hex | undefined, state: SandboxState): Reply {
  const parsed = parseJson(rawBody);
  if (!parsed.ok) return unparsableBody();
  if (!isRecord(parsed.value) || typeof parsed.value.fullAppData !== 'string') return undeserializableBody('missing field `fullAppData`');
  const document = parsed.value.fullAppData;
  if (Buffer.byteLength(document, 'utf8') > MAX_APP_DATA_BYTES) {
    return apiError(400, 'AppDataInvalid', `The document is larger than ${MAX_APP_DATA_BYTES} bytes.`);
  }
  if (!isJsonObject(document)) return apiError(400, 'AppDataInvalid', 'fullAppData is not a JSON object document.');
  const hash = appDataHash(document);
  if (declaredHash !== undefined && declaredHash !== hash) {
    return apiError(400, 'AppDataHashMismatch', `The document hashes to ${hash}, not ${declaredHash}.`);
  }
  const known = state.appData.get(hash);
  // Keccak makes a different document under the same hash unreachable; this guards the sandbox's own seeding.
  if (known !== undefined && known !== document) return apiError(400, 'AppDataMismatch', 'Another document is stored under this hash.');
  state.appData.set(hash, document);
  return json(known === undefined ? 201 : 200, hash);
}
