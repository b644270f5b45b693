/** docs/product.md §2 admin-login: the password is checked by the API (docs/architecture.md "Deliberate departures" 1). */
import { useId, useState, type FormEvent } from 'react';
import { LIMITS, MESSAGES } from '@friends/shared';
import { ApiClientError } from '@friends/web/api-client';
import { useLogin } from '../api/login';
import { useSession } from '../api/get-session';

interface LoginScreenProps {
  onLoggedIn: () => void;
  onBack: () => void;
}

export function LoginScreen({ onLoggedIn, onBack }: LoginScreenProps) {
  const [password, setPassword] = useState('');
  const inputId = useId();
  const session = useSession();
  const login = useLogin();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(
      { password },
      {
        onSuccess: () => onLoggedIn(),
        onError: (error) => {
          const wrongPassword = error instanceof ApiClientError && error.status === 401;
          window.alert(wrongPassword ? MESSAGES.incorrectPassword : error.message);
          setPassword('');
        },
      },
    );
  };

  const demoPassword = session.data?.demoPassword ?? null;

  return (
    <section className="login card" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>Admin Access Required</h2>
      <form className="login__form" onSubmit={submit}>
        <label htmlFor={inputId}>Password</label>
        <input
          id={inputId}
          className="input"
          type="password"
          autoComplete="current-password"
          maxLength={LIMITS.password}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoFocus
        />
        <button type="submit" className="button button--primary" disabled={login.isPending}>
          Login
        </button>
      </form>
      <button type="button" className="button button--link" onClick={onBack}>
        Back to Public View
      </button>
      {demoPassword !== null && <p className="login__hint">Demo password: {demoPassword}</p>}
    </section>
  );
}
