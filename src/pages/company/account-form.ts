import { ACCOUNT_FORMS, text, type AccountPosts, type DeclaredAccessEntry, type EntitySchema, type Language } from '../../../engine/index.ts';

/**
 * The account form of account management (schemas/account/managed-account.schema.json, the
 * schema the server checks) with the declared posts as its post choices, labelled.
 */
export function accountFormSchema(posts: readonly DeclaredAccessEntry[]): EntitySchema {
  const schema = ACCOUNT_FORMS.managedAccount as unknown as EntitySchema;
  const field = schema.properties.posts!;
  return {
    ...schema,
    properties: {
      ...schema.properties,
      posts: {
        ...field,
        items: { ...field.items!, enum: posts.map((p) => p.name) },
        'x-enumLabels': Object.fromEntries(posts.map((p) => [p.name, p.label])),
      },
    },
  };
}

/** The form's values of an account being edited. */
export const formOf = (a: AccountPosts): Record<string, unknown> => ({
  account: a.account,
  userName: a.userName,
  email: a.email ?? undefined,
  mobile: a.mobile ?? undefined,
  accountType: a.accountType ?? undefined,
  department: a.department ?? undefined,
  posts: a.posts,
});

/** An account type's label from the form schema (`x-enumLabels`). */
export function accountTypeLabel(type: string | null, lang: Language): string {
  const labels = (ACCOUNT_FORMS.managedAccount.properties.accountType as { 'x-enumLabels': Record<string, Record<Language, string>> })['x-enumLabels'];
  return type ? text(labels[type], lang, type) : '';
}
