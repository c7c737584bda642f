import { z } from 'zod';
import { checkTaxIdRequestSchema } from '../../../contracts/auth';
import { emailSchema, passwordSchema, personNameSchema } from '../../../contracts/fields';
import { M } from '../../../contracts/messages';

/** Registration step 1: the same rule the bridge applies to `tax_id`. */
export const taxIdFormSchema = checkTaxIdRequestSchema;
export type TaxIdFormInput = z.input<typeof taxIdFormSchema>;
export type TaxIdFormOutput = z.output<typeof taxIdFormSchema>;

/** Registration step 2: the first user of the company; the confirmation never leaves the browser. */
export const accountFormSchema = z
  .object({
    firstname: personNameSchema,
    lastname: personNameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirm_password: z.string({ error: M.required }).min(1, M.required),
  })
  .refine((v) => v.password === v.confirm_password, { message: M.passwordsDiffer, path: ['confirm_password'] });
export type AccountFormInput = z.input<typeof accountFormSchema>;
export type AccountFormOutput = z.output<typeof accountFormSchema>;
