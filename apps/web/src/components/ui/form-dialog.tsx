import type { FormEvent, ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormActions, type FormActionsProps } from '@/components/ui/form-field';

export interface FormDialogProps extends FormActionsProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The form's fields, between the heading and the Cancel and submit buttons. */
  children: ReactNode;
}

/**
 * A dialog that is one short form (report, resolve, refund): its title and description, the
 * fields, then `FormActions`. The form does its own checks (`noValidate`).
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  onSubmit,
  children,
  ...actions
}: FormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {children}
          <FormActions {...actions} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
