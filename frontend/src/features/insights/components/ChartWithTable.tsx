/**
 * A chart and the table of its figures (docs/product/insights.md#the-year-page): the chart is a picture for the eye
 * (hidden from screen readers), the table says the same to a screen reader always and to anyone who asks for it.
 */
import TableChartIcon from '@mui/icons-material/TableChart';
import { Box, Button, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Kept for screen readers, out of sight (MUI's visuallyHidden, written out). */
const HIDDEN = { border: 0, clip: 'rect(0 0 0 0)', height: '1px', margin: '-1px', overflow: 'hidden', padding: 0, position: 'absolute', whiteSpace: 'nowrap', width: '1px' } as const;

export interface ChartTable {
  columns: string[];
  rows: { key: string | number; cells: ReactNode[] }[];
}

export function ChartWithTable({ title, chart, table, name, empty }: { title: string; chart: ReactNode; table: ChartTable; name: string; empty?: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const headingId = useId();
  const tableId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2, minWidth: 0 }} data-chart-section={name}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="h6" component="h2">{title}</Typography>
        {!empty && (
          <Button size="small" startIcon={<TableChartIcon />} aria-expanded={shown} aria-controls={tableId} onClick={() => setShown((s) => !s)}>
            {shown ? t('insights.hideTable') : t('insights.showTable')}
          </Button>
        )}
      </Stack>
      {empty ? <Typography color="text.secondary">{empty}</Typography> : (
        <>
          <Box aria-hidden="true" sx={{ height: { xs: 220, sm: 260 }, position: 'relative', display: shown ? 'none' : 'block' }}>{chart}</Box>
          <TableContainer id={tableId} sx={shown ? { mt: 1 } : HIDDEN}>
            <Table size="small" aria-labelledby={headingId}>
              <TableHead>
                <TableRow>
                  {table.columns.map((c, i) => <TableCell key={c} align={i === 0 ? 'left' : 'right'}>{c}</TableCell>)}
                </TableRow>
              </TableHead>
              <TableBody>
                {table.rows.map((r) => (
                  <TableRow key={r.key}>
                    {r.cells.map((cell, i) => (i === 0
                      ? <TableCell key={i} component="th" scope="row" sx={{ textTransform: 'capitalize' }}>{cell}</TableCell>
                      : <TableCell key={i} align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>{cell}</TableCell>))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
    </Paper>
  );
}
