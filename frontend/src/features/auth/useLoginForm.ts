/**
 * A login form's state (the login page, the maintenance screen's admin login): an e-mail and a password checked on
 * submit with validateLogin's messages, the first invalid field focused, the request's progress. Plain React state
 * where the app's other forms use react-hook-form (docs/architecture.md): the login page is the first screen, and
 * for two fields the library would be a sixth of its own code (13.5 kB gzip).
 */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { validateLogin, type LoginErrors } from './loginValidation';

export interface LoginValues {
  email: string;
  password: string;
}

type LoginField = keyof LoginValues;
const FIELDS: readonly LoginField[] = ['email', 'password'];

/** What one field of the form takes: its name (the form finds its input by it), value, change handler and error. */
export interface LoginFieldState {
  name: LoginField;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** The i18n key of the field's message, after a submit that found it invalid. */
  errorKey: string | undefined;
}

export function useLoginForm(onValid: (values: LoginValues) => Promise<void>) {
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);

  const field = (name: LoginField): LoginFieldState => ({
    name,
    value: values[name],
    onChange: (event) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
    },
    errorKey: errors[name],
  });

  /** Checks the values and sends them; `formElement` is where the first invalid field is focused. */
  const submit = async (submitted: LoginValues, formElement: HTMLFormElement) => {
    const found = validateLogin(submitted.email, submitted.password);
    setErrors(found);
    const firstInvalid = FIELDS.find((name) => found[name]);
    if (firstInvalid) {
      const input = formElement.elements.namedItem(firstInvalid);
      if (input instanceof HTMLElement) input.focus();
      return;
    }
    setSubmitting(true);
    try {
      await onValid(submitted);
    } finally {
      setSubmitting(false);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    return submit(values, event.currentTarget);
  };

  /** Puts in what was typed elsewhere: the prerendered login page's fields (loginShell.ts). */
  const replaceValues = setValues;

  return { email: field('email'), password: field('password'), onSubmit, submit, isSubmitting, replaceValues };
}

export type LoginForm = ReturnType<typeof useLoginForm>;
