// The demo page: loads the engine, builds the controls, wires the events and opens the view the
// URL names. Every number the page draws comes from a Snapshot made by the engine adapter
// (engine.ts); the page's state is in state.ts, and each panel is drawn by its own module.
import { applyFromUi, rebuild } from './actions';
import { buildOps } from './controls';
import { byId } from './dom';
import { loadEngine, toShownError } from './engine';
import { wireEvents } from './events';
import { showError } from './readouts';
import { practiceNumber, route } from './screens';
import { DEFAULT_STATE, decodeState } from './url';

async function main(): Promise<void> {
  const status = byId('engine-status');
  buildOps(applyFromUi);
  wireEvents();
  try {
    await loadEngine();
  } catch (e) {
    status.textContent = 'The WebAssembly engine failed to load.';
    showError('loading the engine', toShownError(e));
    document.body.dataset['ready'] = 'error';
    return;
  }
  status.textContent = 'Engine ready: every number below comes from WebAssembly.';
  status.classList.add('ok');
  const practice = practiceNumber(location.hash) !== null;
  rebuild((practice ? null : decodeState(location.hash)) ?? structuredClone(DEFAULT_STATE));
  route();
  document.body.dataset['ready'] = 'true';
}

void main();
