import Box from '@mui/material/Box';
import { styled } from '@mui/material/styles';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { sanitizeAreaCode } from '@/lib/phone';
import { useTypedBeforeHydration } from '@/lib/useHydrated';
import { ActionButton } from './actions';

// A plain input in the theme's outlined look; MUI's input components would cost the landing page ~4 KB gzip.
const Input = styled('input')(({ theme }) => ({
  width: 120,
  minHeight: 48,
  padding: '10px 14px',
  font: 'inherit',
  fontSize: '1.125rem',
  letterSpacing: 2,
  borderRadius: 8,
  border: `1px solid ${theme.palette.grey[600]}`,
  backgroundColor: theme.palette.background.paper,
  color: theme.palette.text.primary,
  '&:focus-visible': {
    outline: `2px solid ${theme.palette.primary.main}`,
    borderColor: theme.palette.primary.main,
  },
}));

/**
 * Area-code search of the hero: it hands the code to onboarding's first step. The three-digit cap is applied
 * by sanitizeAreaCode, not maxLength, which would cut a pasted "(415)" to "(41" before the digits are kept.
 */
export function AreaCodeForm() {
  const [areaCode, setAreaCode] = useState('');
  const navigate = useNavigate();
  const field = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(field, (typed) => setAreaCode(sanitizeAreaCode(typed)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void navigate(areaCode ? `/signup?areaCode=${areaCode}` : '/signup');
  };

  return (
    // Before the app is alive the form submits itself, to the address the app navigates to (nothing
    // secret is in it, unlike the sign-in form, whose button waits for the app).
    <Box
      component="form"
      action="/signup"
      method="get"
      onSubmit={submit}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-end' }}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        <Box component="label" htmlFor="hero-area-code" sx={{ fontWeight: 600, fontSize: '0.875rem' }}>
          Area code
        </Box>
        <Input
          id="hero-area-code"
          name="areaCode"
          ref={field}
          value={areaCode}
          onChange={(event) => setAreaCode(sanitizeAreaCode(event.target.value))}
          placeholder="e.g. 512"
          inputMode="numeric"
          autoComplete="off"
        />
      </Box>
      <ActionButton type="submit" sx={{ minHeight: 48 }}>
        Find Your Number
      </ActionButton>
    </Box>
  );
}
