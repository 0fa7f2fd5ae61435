/**
 * The conversation of one case: messages oldest first (own on the right), attachments as links with image
 * previews, and the composer with files. A refused message or file keeps the text and the chosen files.
 */
import AttachFileIcon from '@mui/icons-material/AttachFile';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Button, Chip, CircularProgress, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/client';
import type { CaseAttachment, CaseDetail, CaseMessage } from '../../../api/types';
import { formatDateTime } from '../../../shared/dateFormats';
import { useToast } from '../../../shared/toast';
import { formatFileSize, useCaseMessages, useSendCaseMessage } from '../casesApi';

/** The server's cap (ATTACHMENT_MAX_MB) in its default; the server checks the real one. */
const MAX_MB = 10;

function Attachment({ a }: { a: CaseAttachment }) {
  if (a.isImage) {
    return (
      <Link href={a.fileUrl} target="_blank" rel="noopener" sx={{ display: 'inline-block' }}>
        <Box component="img" src={a.fileUrl} alt={a.fileName} loading="lazy" sx={{ maxWidth: 220, maxHeight: 180, borderRadius: 1, display: 'block' }} />
      </Link>
    );
  }
  return (
    <Link href={a.fileUrl} download={a.fileName} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <InsertDriveFileIcon fontSize="small" />
      {a.fileName} ({formatFileSize(a.fileSize)})
    </Link>
  );
}

function Bubble({ m, mine }: { m: CaseMessage; mine: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack sx={{ alignItems: mine ? 'flex-end' : 'flex-start' }} data-testid="case-message">
      <Paper variant="outlined" sx={{ p: 1.5, maxWidth: '85%', bgcolor: mine ? 'action.selected' : 'background.paper' }}>
        <Typography variant="caption" color="text.secondary" component="p">
          {mine ? t('cases.you') : m.isAdminMessage ? `${m.senderName ?? t('cases.staff')} · ${t('cases.staff')}` : (m.senderName ?? '')} · {formatDateTime(m.createdAt)}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{m.message}</Typography>
        {m.attachments.length > 0 && (
          <Stack spacing={1} sx={{ mt: 1 }}>
            {m.attachments.map((a) => (
              <Attachment key={a.id} a={a} />
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

export function MessagePane({ kase, userId, canWrite }: { kase: CaseDetail; userId: number; canWrite: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const messages = useCaseMessages(kase.id);
  const send = useSendCaseMessage(kase.id);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const count = messages.data?.length ?? 0;
  // A block body: newer Chromium answers scrollIntoView with a promise, which React would take for a cleanup.
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const message = text.trim();
    if (!message) {
      setError(t('cases.validation.messageEmpty'));
      return;
    }
    setError(null);
    try {
      await send.mutateAsync({ message, files });
      setText('');
      setFiles([]);
    } catch (err) {
      toast({ title: t('cases.sendFailed'), description: errorText(err, t('cases.sendFailed')), severity: 'error' });
    }
  };

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Stack spacing={1.5} aria-live="polite" aria-label={t('cases.message')} role="log">
        {messages.isPending && <CircularProgress size={24} />}
        {(messages.data ?? []).map((m) => (
          <Bubble key={m.id} m={m} mine={m.senderId === userId} />
        ))}
        <div ref={end} />
      </Stack>
      {kase.isClosed ? (
        <Alert severity="info">{t('cases.closedInfo')}</Alert>
      ) : (
        canWrite && (
          <Box component="form" onSubmit={submit} noValidate>
            <TextField
              label={t('cases.message')}
              placeholder={t('cases.messagePlaceholder')}
              value={text}
              onChange={(e) => setText(e.target.value)}
              multiline
              minRows={2}
              fullWidth
              error={!!error}
              helperText={error ?? t('cases.attachHint', { max: MAX_MB })}
              slotProps={{ htmlInput: { maxLength: 1000 } }}
            />
            {files.length > 0 && (
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
                {files.map((f, i) => (
                  <Chip key={`${f.name}-${i}`} label={`${f.name} (${formatFileSize(f.size)})`} onDelete={() => setFiles(files.filter((_, j) => j !== i))} slotProps={{ root: { 'aria-label': f.name } }} />
                ))}
              </Stack>
            )}
            <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'flex-end' }}>
              <input
                ref={fileInput}
                type="file"
                multiple
                hidden
                aria-label={t('cases.attach')}
                accept="image/*,application/pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.rtf,.txt,text/plain"
                onChange={(e) => {
                  setFiles([...files, ...Array.from(e.target.files ?? [])].slice(0, 10));
                  e.target.value = '';
                }}
              />
              <Button startIcon={<AttachFileIcon />} onClick={() => fileInput.current?.click()}>
                {t('cases.attach')}
              </Button>
              <Button type="submit" variant="contained" endIcon={<SendIcon />} disabled={send.isPending}>
                {t('cases.send')}
              </Button>
            </Stack>
          </Box>
        )
      )}
    </Stack>
  );
}
