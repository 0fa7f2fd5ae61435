/**
 * Staff's one way to choose a user (the calendar's whose-calendar choice, an event or a case on someone's behalf,
 * whose prices): an Autocomplete that asks the server as one types (?q= on GET /api/admin/users, a page of
 * PAGE_SIZE, debounced), so it works the same with ten users or ten thousand; no list of every user is fetched.
 * The chosen value is a user id; its name is read by id when the page of matches does not hold it.
 */
import { Autocomplete, CircularProgress, TextField, type SxProps, type Theme } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStaffUser, useUserSearch, type PickedUser, type UserSearchFilter } from '../staffUsersApi';

export { PAGE_SIZE, type PickedUser } from '../staffUsersApi';

/** Typing pauses this long before the server is asked: short enough to feel immediate, long enough to skip most keys of a quick typist. */
export const SEARCH_DEBOUNCE_MS = 150;

export interface UserPickerProps {
  label: string;
  value: number | null;
  onChange: (user: PickedUser | null) => void;
  /** Narrows the search, as the list's filter: `{ isAdmin: false }` for owners only, `{ isStaff: true }` for staff. */
  filter?: UserSearchFilter;
  /** Shown when nothing is chosen (e.g. 'Min kalender'). */
  placeholder?: string;
  /** How an option reads; by default 'Name (username)'. */
  optionLabel?: (user: PickedUser) => string;
  size?: 'small' | 'medium';
  disabled?: boolean;
  sx?: SxProps<Theme>;
}

const NO_FILTER = {};

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The previous answer narrowed to what is typed now, for the moment between a key and the server's answer: the list
 * only shrinks under the finger, so an option being tapped does not jump away when the answer arrives. Each typed
 * word must occur in the name, sign-in name, e-mail or phone; the server's answer then replaces it.
 */
export function narrowToTyped(users: readonly PickedUser[], typed: string): PickedUser[] {
  const words = typed.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...users];
  return users.filter((u) => {
    const text = [u.name, u.username, u.email ?? '', u.phoneNumber ?? ''].join(' ').toLocaleLowerCase();
    return words.every((word) => text.includes(word));
  });
}

const defaultLabel = (u: PickedUser) => `${u.name} (${u.username})`;

export function UserPicker({ label, value, onChange, filter = NO_FILTER, placeholder, optionLabel = defaultLabel, size, disabled, sx }: UserPickerProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const q = useDebounced(input, SEARCH_DEBOUNCE_MS);
  const matches = useUserSearch(q, filter, open);
  const chosen = useStaffUser(value);
  // While the typed text is ahead of the answer on screen, show that answer narrowed to the text (see narrowToTyped).
  const answerIsBehind = matches.isPlaceholderData || q !== input;
  const options = answerIsBehind ? narrowToTyped(matches.data ?? [], input) : (matches.data ?? []);
  const selected = value === null ? null : (options.find((u) => u.id === value) ?? chosen.data ?? null);

  return (
    <Autocomplete
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      value={selected}
      onChange={(_e, user) => onChange(user)}
      // The text typed goes to the server; showing the chosen user's label is not a new search.
      onInputChange={(_e, text, reason) => reason === 'input' && setInput(text)}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={optionLabel}
      loading={matches.isFetching}
      loadingText={t('common.loading')}
      noOptionsText={t('common.noMatches')}
      size={size}
      disabled={disabled}
      sx={sx}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={placeholder}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {matches.isFetching && <CircularProgress color="inherit" size={18} />}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
