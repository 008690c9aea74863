import { ACCOUNT_DELETE_CONFIRMATION, ACCOUNT_EXPORT_FILE_NAME } from '@bid/contract';
import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextField } from '@/components/ui/form-field';
import { onMutationError } from '@/lib/unauthorized';
import { useDeleteAccount } from '../api/deleteAccount';
import { ACCOUNT_EXPORT_URL } from '../api/exportAccount';

/**
 * "Your data" on the own profile page (docs/trust-and-safety.md, "Data export" and "Deleting an
 * account"): download everything we hold, or delete the account after typing DELETE.
 */
export function YourDataSection() {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useDeleteAccount();
  const isConfirmed = typed.trim() === ACCOUNT_DELETE_CONFIRMATION;

  const onOpenChange = (next: boolean) => {
    // Closing while the call runs would hide its outcome.
    if (!next && remove.isPending) return;
    setOpen(next);
    if (!next) setTyped('');
  };

  const onDelete = () =>
    remove.mutate(undefined, {
      // A full load of '/' drops every cached private answer; the session is gone already.
      onSuccess: () => window.location.assign('/'),
      onError: (error) =>
        onMutationError(error, { title: 'Deletion Failed', description: 'Failed to delete your account' }),
    });

  return (
    <Card aria-labelledby="your-data-title" data-testid="your-data">
      <CardHeader>
        <CardTitle level={2} id="your-data-title">
          Your data
        </CardTitle>
        <CardDescription>
          Download a copy of everything we hold about you, or delete your account. Our{' '}
          <Link href="/privacy" className="underline underline-offset-2">
            Privacy Policy
          </Link>{' '}
          says how long we keep your data.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <Button asChild variant="outline">
          <a href={ACCOUNT_EXPORT_URL} download={ACCOUNT_EXPORT_FILE_NAME}>
            <Download aria-hidden="true" className="size-4" /> Download my data
          </a>
        </Button>
        <Button type="button" variant="destructive" onClick={() => setOpen(true)}>
          <Trash2 aria-hidden="true" className="size-4" /> Delete my account
        </Button>
      </CardContent>
      <ConfirmDialog
        open={open}
        onOpenChange={onOpenChange}
        isPending={remove.isPending}
        title="Delete your account?"
        description={
          <>
            This cannot be undone. Your profile, photo, saved payment methods and verification data are deleted and your
            open auctions are cancelled. Auctions you won or hosted, your bids and your messages stay for the other
            member, shown as &apos;Deleted user&apos;.
          </>
        }
        keepLabel="Keep my account"
        confirmLabel="Delete my account"
        pendingLabel="Deleting…"
        onConfirm={onDelete}
        confirmDisabled={!isConfirmed}
      >
        <TextField
          label={<>Type {ACCOUNT_DELETE_CONFIRMATION} to confirm</>}
          id="confirm-delete-account"
          value={typed}
          autoComplete="off"
          onChange={(event) => setTyped(event.target.value)}
          disabled={remove.isPending}
        />
      </ConfirmDialog>
    </Card>
  );
}
