import { z } from 'zod';
import { checkAfm, normalizeAfm } from '../domain/afm';
import { PASSWORD_MAX, passwordProblems } from '../domain/password';
import { isValidPostcode, normalizePostcode } from '../domain/postcode';
import { checkPhone } from '../domain/phone';
import { hasNul } from './bounds';
import { M } from './messages';

/**
 * Field schemas of docs/product-rules.md §5, shared by every form and every bridge route. Messages are ids of M. No text
 * field accepts U+0000 (no keyboard types it, and PostgreSQL text cannot hold it; src/contracts/bounds.ts).
 */
const withoutNul = [(v: string) => !hasNul(v), M.invalidRequest] as const;

export const emailSchema = z
  .string({ error: M.required })
  .trim()
  .min(1, M.required)
  .max(200, M.emailTooLong)
  .pipe(z.email({ error: M.emailInvalid }))
  .transform((v) => v.toLowerCase());

export const passwordSchema = z
  .string({ error: M.required })
  .min(1, M.required)
  .max(PASSWORD_MAX, M.passwordTooLong)
  .refine(...withoutNul)
  .refine((v) => passwordProblems(v).every((p) => p === 'too_long'), M.passwordRule);

/** Login accepts any stored password: the strength rules apply only when a password is created. */
export const loginPasswordSchema = z
  .string({ error: M.required })
  .min(1, M.required)
  .max(PASSWORD_MAX, M.passwordTooLong)
  .refine(...withoutNul);

export const personNameSchema = z
  .string({ error: M.required })
  .trim()
  .min(1, M.required)
  .max(100, M.nameTooLong)
  .refine(...withoutNul)
  .refine((v) => (v.match(/\p{L}/gu) ?? []).length >= 2, M.nameTooShort)
  // A name is printed in mails and headers: no control character (PostgreSQL also refuses NUL in text).
  .refine((v) => !/\p{Cc}/u.test(v), M.invalidRequest);

export const companyNameSchema = z
  .string({ error: M.companyNameRequired })
  .trim()
  .min(1, M.companyNameRequired)
  .max(100, M.nameTooLong)
  .refine(...withoutNul);

export const afmSchema = z
  .string({ error: M.required })
  .trim()
  .min(1, M.required)
  .max(32, M.taxNumberFormat)
  .transform((v) => normalizeAfm(v))
  .refine((v) => /^\d{9}$/.test(v), M.taxNumberFormat)
  .refine((v) => checkAfm(v).ok, M.taxNumberInvalid);

export const postcodeSchema = z
  .string({ error: M.required })
  .trim()
  .min(1, M.required)
  .max(32, M.postcodeFormat)
  .transform((v) => normalizePostcode(v))
  .refine((v) => /^\d{5}$/.test(v), M.postcodeFormat)
  .refine((v) => isValidPostcode(v), M.postcodeFormat);

export const phoneSchema = z
  .string({ error: M.phoneRequired })
  .min(1, M.phoneRequired)
  .max(100, M.phoneTooLong)
  .refine(...withoutNul)
  .superRefine((v, ctx) => {
    const result = checkPhone(v);
    if (result.ok) return;
    const message = result.problem === 'too_short' ? M.phoneTooShort : result.problem === 'required' ? M.phoneRequired : M.phoneInvalid;
    ctx.addIssue({ code: 'custom', message });
  });

export const citySchema = z
  .string({ error: M.required })
  .trim()
  .min(1, M.required)
  .max(100, M.tooLong100)
  .refine(...withoutNul)
  .refine((v) => (v.match(/\p{L}/gu) ?? []).length >= 2, M.cityTooShort);

export const requiredText100 = z
  .string({ error: M.required })
  .trim()
  .min(1, M.required)
  .max(100, M.tooLong100)
  .refine(...withoutNul);
export const optionalText100 = z
  .string()
  .trim()
  .max(100, M.tooLong100)
  .refine(...withoutNul)
  .optional();
export const optionalText400 = z
  .string()
  .trim()
  .max(400, M.tooLong400)
  .refine(...withoutNul)
  .optional();
