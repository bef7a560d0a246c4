import { useSearchParams } from 'react-router-dom';
import { LoginForm } from './LoginForm.js';

/** The sign-in page in the app's router (after a sign-out, or a link from sign-up). */
export default function LoginPage() {
  const [params] = useSearchParams();
  return <LoginForm next={params.get('next')} />;
}
