import type { Theme, TypographyStyle } from '@mui/material/styles';

// The type scale beyond MUI's variants: each role the pages give text, so components name a variant
// instead of sizing text themselves. Built on the base theme's variants, whose line height and letter
// spacing they keep.
type Role = keyof RoleVariants;

// Every role is a Typography variant (theme.typography.<role>, <Typography variant="<role>">).
interface RoleVariants {
  pageTitle: TypographyStyle;
  cardTitle: TypographyStyle;
  heroTitle: TypographyStyle;
  featureTitle: TypographyStyle;
  sectionTitle: TypographyStyle;
  brand: TypographyStyle;
  navTitle: TypographyStyle;
  lead: TypographyStyle;
  emphasis: TypographyStyle;
  figure: TypographyStyle;
  price: TypographyStyle;
}

// MUI learns the roles by augmenting its interfaces (an interface cannot list keys from a type).
declare module '@mui/material/styles' {
  interface TypographyVariants extends RoleVariants {}
  interface TypographyVariantsOptions extends Partial<RoleVariants> {}
}

declare module '@mui/material/Typography' {
  interface TypographyPropsVariantOverrides extends Record<Role, true> {}
}

export const typeScale = ({ typography: { h1, h2, h3, h6, body1 }, breakpoints }: Theme): RoleVariants => ({
  /** A signed-in page's h1: smaller on phones. */
  pageTitle: { ...h1, fontSize: '1.75rem', [breakpoints.up('sm')]: { fontSize: h1.fontSize } },
  /** The h1 inside a narrow card (the account pages). */
  cardTitle: { ...h1, fontSize: '1.75rem' },
  /** The landing page's headline: larger on wide screens. */
  heroTitle: { ...h1, [breakpoints.up('md')]: { fontSize: '3rem' } },
  /** The title of one item in the landing page's feature list. */
  featureTitle: { ...h3, fontSize: '1.05rem' },
  /** The heading of a card section on the dashboard and settings. */
  sectionTitle: { ...h2, fontSize: '1.35rem' },
  /** The product name as a wordmark. */
  brand: { ...body1, fontSize: '1.25rem', fontWeight: 800 },
  /** The product name in the signed-in app bar. */
  navTitle: { ...h6, fontWeight: 700 },
  /** The sentence under a headline. */
  lead: { ...h6, fontWeight: 400 },
  /** A value to notice in body text: minutes used, the forwarding number. */
  emphasis: { ...body1, fontWeight: 600 },
  /** A number shown large: the chosen business number, the cost estimate. */
  figure: { ...body1, fontSize: '1.5rem', fontWeight: 700 },
  /** The plan's price. */
  price: { ...body1, fontSize: '2.5rem', fontWeight: 800, lineHeight: 1.2 },
});

/** The element each role renders as unless a component says otherwise. */
export const typeScaleElements: Record<Role, string> = {
  pageTitle: 'h1',
  cardTitle: 'h1',
  heroTitle: 'h1',
  featureTitle: 'h3',
  sectionTitle: 'h2',
  brand: 'span',
  navTitle: 'span',
  lead: 'p',
  emphasis: 'p',
  figure: 'p',
  price: 'p',
};
