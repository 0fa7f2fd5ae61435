/**
 * /support, the older customer-service page (docs/product/support.md#screens): contact methods, common topics, an FAQ link, and the tabs
 * 'Mine henvendelser' and 'Ny henvendelse'. Its tickets are cases, so staff answer them in one place (/cases).
 */
import ChatIcon from '@mui/icons-material/Chat';
import EmailIcon from '@mui/icons-material/Email';
import PhoneIcon from '@mui/icons-material/Phone';
import { Alert, Box, Button, Card, CardActionArea, CardContent, Chip, Link, List, ListItemButton, ListItemText, MenuItem, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { standaloneLinkSx } from '../../shared/theme';
import { Link as RouterLink } from 'react-router';
import { useCurrentUser } from '../../shared/sessionApi';
import { ApiError } from '../../api/client';
import { telHref, useSupportContact } from '../../shared/supportContact';
import { useToast } from '../../shared/toast';
import { useCases, useCreateCase } from '../cases';
import { TICKET_CATEGORIES, type TicketForm, ticketProblem } from './ticketForm';

const TOPICS: { key: string; category: (typeof TICKET_CATEGORIES)[number] }[] = [
  { key: 'login', category: 'support' },
  { key: 'bookings', category: 'technical' },
  { key: 'payouts', category: 'billing' },
  { key: 'other', category: 'info' },
];
const EMPTY: TicketForm = { title: '', category: '', message: '' };

function Tickets() {
  const { t } = useTranslation();
  const open = useCases('open');
  const closed = useCases('closed');
  const all = [...(open.data ?? []), ...(closed.data ?? [])];
  if (open.isPending || closed.isPending) return null;
  if (!all.length) return <Typography color="text.secondary">{t('support.page.noTickets')}</Typography>;
  return (
    <List aria-label={t('support.page.mine')}>
      {all.map((c) => (
        <ListItemButton key={c.id} component={RouterLink} to={`/cases?case=${c.id}`} divider>
          <ListItemText primary={c.title} secondary={`${c.caseNumber} · ${t(`cases.categories.${c.category}`)}`} />
          {c.unreadCount > 0 && <Chip size="small" color="primary" label={t('cases.unread', { count: c.unreadCount })} sx={{ mr: 1 }} />}
          <Chip size="small" label={t(`cases.statuses.${c.status}`)} />
        </ListItemButton>
      ))}
    </List>
  );
}

function NewTicket({ form, setForm, onCreated }: { form: TicketForm; setForm: (f: TicketForm) => void; onCreated: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateCase();
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = ticketProblem(form);
    setProblem(found);
    if (found) return;
    try {
      await create.mutateAsync({ title: form.title.trim(), category: form.category, priority: 'medium', message: form.message.trim() });
      toast({ title: t('support.page.created'), severity: 'success' });
      setForm(EMPTY);
      onCreated();
    } catch (err) {
      // The server's validation errors joined, else the page's own text.
      const joined = err instanceof ApiError && err.errors.length ? err.errors.map((x) => x.message).join(', ') : null;
      toast({ title: joined ?? t('support.page.createFailed'), severity: 'error' });
    }
  };
  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack spacing={2}>
        {problem && <Alert severity="error">{t(problem)}</Alert>}
        <TextField label={t('cases.dialog.caseTitle')} value={form.title} onChange={(e) => setForm({ ...form, title: e.target.value })} required slotProps={{ htmlInput: { maxLength: 100 } }} />
        <TextField select label={t('cases.category')} value={form.category} onChange={(e) => setForm({ ...form, category: e.target.value })} required>
          {TICKET_CATEGORIES.map((c) => (
            <MenuItem key={c} value={c}>
              {t(`cases.categories.${c}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField label={t('cases.message')} value={form.message} onChange={(e) => setForm({ ...form, message: e.target.value })} required multiline minRows={4} slotProps={{ htmlInput: { maxLength: 1000 } }} />
        <Box>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {t('support.page.send')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

export function SupportPage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  // A mini admin only reads cases: the server refuses them a new one, so the form is not offered.
  const canCreate = !(user?.isMiniAdmin && !user.isAdmin);
  const [tab, setTab] = useState<'mine' | 'new'>('mine');
  const [form, setForm] = useState<TicketForm>(EMPTY);
  const contact = useSupportContact();
  // Calling and e-mail are offered once staff have given the number and the address; the cases chat always is.
  const methods = [
    { key: 'chat', icon: <ChatIcon />, href: '/cases', internal: true },
    ...(contact.phone ? [{ key: 'call', icon: <PhoneIcon />, href: telHref(contact.phone), detail: contact.phone }] : []),
    ...(contact.email ? [{ key: 'email', icon: <EmailIcon />, href: `mailto:${contact.email}`, detail: contact.email }] : []),
  ];
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {t('support.title')}
      </Typography>
      <Box component="section" aria-labelledby="support-methods">
        <Typography variant="h6" component="h2" id="support-methods" sx={{ mb: 1 }}>
          {t('support.page.methods')}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2 }}>
          {methods.map((m) => (
            <Card key={m.key} variant="outlined">
              <CardActionArea {...(m.internal ? { component: RouterLink, to: m.href } : { href: m.href })}>
                <CardContent>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    {m.icon}
                    <Typography variant="subtitle1" component="h3">
                      {t(`support.page.${m.key}`)}
                    </Typography>
                  </Stack>
                  <Typography variant="body2" color="text.secondary">
                    {m.detail ?? t('support.page.chatDetail')}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Box>
        {contact.openingHours && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('support.hours')}: {contact.openingHours}
          </Typography>
        )}
      </Box>
      <Box component="section" aria-labelledby="support-topics">
        <Typography variant="h6" component="h2" id="support-topics" sx={{ mb: 1 }}>
          {t('support.page.topics')}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {TOPICS.map((topic) => (
            <Chip
              key={topic.key}
              label={t(`support.page.topic.${topic.key}`)}
              onClick={
                canCreate
                  ? () => {
                      setForm({ ...form, title: t(`support.page.topic.${topic.key}`), category: topic.category });
                      setTab('new');
                    }
                  : undefined
              }
            />
          ))}
        </Stack>
        {contact.faqUrl && (
          <Link href={contact.faqUrl} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-block', mt: 1, ...standaloneLinkSx }}>
            {t('support.page.faq')}
          </Link>
        )}
      </Box>
      <Box component="section">
        <Tabs value={tab} onChange={(_, v: 'mine' | 'new') => setTab(v)}>
          <Tab value="mine" label={t('support.page.mine')} />
          {canCreate && <Tab value="new" label={t('support.page.new')} />}
        </Tabs>
        <Box sx={{ pt: 2 }}>{tab === 'new' && canCreate ? <NewTicket form={form} setForm={setForm} onCreated={() => setTab('mine')} /> : <Tickets />}</Box>
      </Box>
    </Stack>
  );
}
