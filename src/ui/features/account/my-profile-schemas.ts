import { z } from 'zod';
import { changePasswordSchema, updateMeRequestSchema } from '../../../contracts/auth';
import { M } from '../../../contracts/messages';
import { PASSWORD_MAX } from '../../../domain/password';

/**
 * Name and email: the bridge's own field rules (docs/product-rules.md §5). A new address also needs the
 * current password (docs/decisions/017-proving-control.md); names alone do not.
 */
export function profileFormSchema(currentEmail: string) {
  return updateMeRequestSchema.shape.customer
    .extend({ current_password: z.string().max(PASSWORD_MAX, M.passwordTooLong) })
    .superRefine((v, ctx) => {
      if (isNewEmail(v.email, currentEmail) && v.current_password === '') {
        ctx.addIssue({ code: 'custom', message: M.required, path: ['current_password'] });
      }
    });
}
export type ProfileFormInput = z.input<ReturnType<typeof profileFormSchema>>;
export type ProfileFormOutput = z.output<ReturnType<typeof profileFormSchema>>;

/** Addresses are compared as the bridge stores them: trimmed and lower-case. */
export function isNewEmail(typed: string, currentEmail: string): boolean {
  return typed.trim().toLowerCase() !== currentEmail.trim().toLowerCase();
}

/** Change password: the bridge's rules for the old and new password; the confirmation never leaves the browser. */
export const passwordFormSchema = changePasswordSchema
  .extend({ confirm_password: z.string({ error: M.required }).min(1, M.required) })
  .refine((v) => v.new_password === v.confirm_password, { message: M.passwordsDiffer, path: ['confirm_password'] });
export type PasswordFormInput = z.input<typeof passwordFormSchema>;
export type PasswordFormOutput = z.output<typeof passwordFormSchema>;
