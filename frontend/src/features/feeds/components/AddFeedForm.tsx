/** The feed manager's add form: name, address and colour; a new enabled feed is synced right away. */
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Stack, Switch, TextField, Typography } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../../api/client';
import { useToast } from '../../../shared/toast';
import { muiField } from '../../../shared/forms';
import { EMPTY_FEED, FEED_COLOR_CHOICES, feedResolver } from '../feedForm';
import { useCreateFeed } from '../feedsApi';
import type { Feed, NewFeed } from '../types';

export function AddFeedForm({ onAdded, propertyId = null }: { onAdded: (feed: Feed) => void; propertyId?: number | null }) {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateFeed(propertyId);
  const { register, control, handleSubmit, reset, setError, formState } = useForm<NewFeed>({
    defaultValues: EMPTY_FEED,
    resolver: feedResolver,
    reValidateMode: 'onSubmit',
  });
  const { errors } = formState;
  // Client errors are i18n keys; field errors the server sent back (type 'server') are already worded.
  const fieldError = (name: 'name' | 'url') => {
    const error = errors[name];
    return error?.message && (error.type === 'server' ? error.message : t(error.message));
  };

  const text = (name: 'name' | 'url') => ({
    id: `feed-${name}`,
    ...muiField(register(name)),
    error: !!errors[name],
    fullWidth: true,
    size: 'small' as const,
  });

  const onSubmit = handleSubmit(async (form) => {
    try {
      const feed = await create.mutateAsync(form);
      reset(EMPTY_FEED);
      onAdded(feed);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const { field, message } of error.errors) {
          if (field === 'name' || field === 'url') setError(field, { type: 'server', message });
        }
      }
      toast({ title: t('feeds.errors.create'), description: errorText(error, t('common.error')), severity: 'error' });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="feed-add-title">
      <Stack spacing={2}>
        <Typography id="feed-add-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('feeds.add.title')}
        </Typography>
        <TextField
          {...text('name')}
          label={t('feeds.add.name')}
          placeholder={t('feeds.add.namePlaceholder')}
          helperText={fieldError('name')}
        />
        <TextField
          {...text('url')}
          type="url"
          label={t('feeds.add.url')}
          placeholder="https://…/calendar.ics"
          helperText={fieldError('url') || t('feeds.add.urlHelp')}
        />
        <FormControl>
          <FormLabel id="feed-color-label">{t('feeds.add.color')}</FormLabel>
          <Controller
            control={control}
            name="color"
            render={({ field }) => (
              <RadioGroup row aria-labelledby="feed-color-label" value={field.value} onChange={(e) => field.onChange(e.target.value)}>
                {FEED_COLOR_CHOICES.map((choice) => (
                  <FormControlLabel
                    key={choice.key}
                    value={choice.hex}
                    label={t(`feeds.colors.${choice.key}`)}
                    control={<Radio sx={{ color: choice.hex, '&.Mui-checked': { color: choice.hex } }} />}
                  />
                ))}
              </RadioGroup>
            )}
          />
        </FormControl>
        <FormControlLabel
          control={
            <Controller
              control={control}
              name="enabled"
              render={({ field }) => <Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
            />
          }
          label={t('feeds.add.enabled')}
        />
        <Box>
          <Button type="submit" variant="contained" startIcon={<AddIcon />} disabled={create.isPending}>
            {create.isPending ? t('feeds.add.submitting') : t('feeds.add.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
