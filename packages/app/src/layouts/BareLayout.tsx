import { Outlet } from 'react-router-dom';
import { SignInCorner } from './SignInCorner.js';

/** The frame of the sign-in and sign-up pages: language and colour mode are there before sign-in. */
export default function BareLayout() {
  return (
    <>
      <SignInCorner />
      <Outlet />
    </>
  );
}
