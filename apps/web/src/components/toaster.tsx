import { TOAST_AUTO_CLOSE_MS } from '@churchtrades/shared/constants';
import { ToastContainer } from 'react-toastify';

/** SPEC §2/§9: toasts top-right, closing after 5000 ms. Mounted once for the whole app. */
export function Toaster() {
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />;
}
