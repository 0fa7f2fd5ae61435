/**
 * A read-only URL with a copy button at its end, selected on focus: the personal iCal link in the settings page
 * and in the back office. Texts come from the caller, so both i18n systems can use it.
 */
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';

export interface CopyableUrlFieldProps {
  url: string;
  label: string;
  copyLabel: string;
  onCopy: (url: string) => void;
  id?: string;
  margin?: 'none' | 'dense' | 'normal';
}

export function CopyableUrlField({ url, label, copyLabel, onCopy, id, margin }: CopyableUrlFieldProps) {
  return (
    <TextField
      id={id}
      label={label}
      value={url}
      fullWidth
      margin={margin}
      onFocus={(e) => e.target.select()}
      slotProps={{
        input: {
          readOnly: true,
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={copyLabel}>
                <IconButton aria-label={copyLabel} onClick={() => onCopy(url)} edge="end">
                  <ContentCopyIcon />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
