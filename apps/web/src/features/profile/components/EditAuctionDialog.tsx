import { TITLE_MAX } from '@bid/contract';
import { useForm } from 'react-hook-form';
import { TitledDialog } from '@/components/ui/dialog';
import { FormActions, TextAreaField, TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { onMutationError } from '@/lib/unauthorized';
import { useEditAuction } from '../api/manageAuction';
import { EditAuctionCover } from './EditAuctionCover';
import {
  changedAuctionFields,
  type EditableAuction,
  type EditAuctionValues,
  toEditValues,
  validateAuctionChanges,
  validationErrorDescription,
} from '../auctionEdit';

interface EditAuctionDialogProps {
  /** The auction being edited; the dialog is closed while there is none. */
  auction: (EditableAuction & { id: string; coverImageUrl?: string | null }) | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * docs/product.md §2 "Modals: edit auction" and §5 "Auction edit". The form mounts with the dialog, so
 * it always starts from the saved auction.
 */
export function EditAuctionDialog({ auction, onOpenChange }: EditAuctionDialogProps) {
  return (
    <TitledDialog
      open={auction !== null}
      onOpenChange={onOpenChange}
      className="max-w-xl"
      title="Edit Auction"
      description="Change the title, description, location, buy-now or reserve price. Only the fields you change are saved."
    >
      {auction && <EditAuctionCover auctionId={auction.id} coverImageUrl={auction.coverImageUrl ?? null} />}
      {auction && <EditAuctionForm auction={auction} onClose={() => onOpenChange(false)} />}
    </TitledDialog>
  );
}

/** The two prices an auction may go without: typed as text, where empty means none. */
const OPTIONAL_PRICES = [
  {
    name: 'buyNowPrice',
    label: 'Buy now price',
    description: 'Leave empty for no buy-now price.',
    placeholder: 'No buy-now price',
  },
  {
    name: 'reservePrice',
    label: 'Reserve price',
    description: 'Bidders only see whether it is met. Once bids are in, you can only lower it.',
    placeholder: 'No reserve price',
  },
] as const;

function EditAuctionForm({ auction, onClose }: { auction: EditableAuction & { id: string }; onClose: () => void }) {
  const initial = toEditValues(auction);
  const { register, handleSubmit } = useForm<EditAuctionValues>({ defaultValues: initial });
  const editAuction = useEditAuction();

  const onSubmit = handleSubmit((values) => {
    const changes = changedAuctionFields(initial, values);
    // docs/product.md §5: no change closes the modal with no call.
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    const checked = validateAuctionChanges(changes);
    if (!checked.ok) {
      toast({ title: 'Validation Error', description: validationErrorDescription(checked), variant: 'destructive' });
      return;
    }
    editAuction.mutate(
      { id: auction.id, changes: checked.changes },
      {
        onSuccess: () => {
          toast({ title: 'Auction Updated', description: 'Your changes have been saved.' });
          onClose();
        },
        onError: (error) => onMutationError(error, { title: 'Update Failed', description: 'Failed to update auction' }),
      },
    );
  });

  return (
    <form className="grid gap-4" noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Edit auction">
      <TextField label="Title" maxLength={TITLE_MAX} {...register('title')} />
      <TextAreaField label="Description" rows={4} {...register('description')} />
      <TextField label="Location" placeholder="Where you will meet" {...register('location')} />
      {OPTIONAL_PRICES.map(({ name, ...field }) => (
        <TextField key={name} {...field} type="text" inputMode="decimal" {...register(name)} />
      ))}
      <FormActions onCancel={onClose} busy={editAuction.isPending} submitLabel="Save Changes" />
    </form>
  );
}
