import { CROP_ZOOM_MAX, CROP_ZOOM_MIN, CROP_ZOOM_STEP, PROFILE_PICTURE_TEXTS, UPLOAD_MAX_BYTES } from '@bid/contract';
import { ImageUp } from 'lucide-react';
import { type ChangeEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { Area, Point } from 'react-easy-crop';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { cropImage } from '@/lib/cropImage';

/** docs/product.md §2 "Profile picture dialog", word for word. */
export const PICTURE_DIALOG_TEXTS = {
  title: 'Crop Profile Picture',
  selectHeading: 'Select Profile Picture',
  selectDescription: 'Choose an image to crop for your profile picture',
  selectButton: 'Select Image',
  formatsHint: 'Supported formats: JPG, PNG, GIF • Max size: 5MB',
  cropHint: 'Drag to position • Use slider to zoom • Image will be cropped to a circle',
  zoomLabel: 'Zoom',
  selectDifferent: 'Select Different Image',
  cancel: 'Cancel',
  save: 'Save Profile Picture',
  processing: 'Processing...',
} as const;

// The cropper is only needed once a picture is chosen, so it stays out of the profile page's chunk.
// Opening the dialog starts the download; the lazy component then reuses the same promise.
const importCropper = () => import('react-easy-crop');
let cropperModule: ReturnType<typeof importCropper> | undefined;
const loadCropper = () => (cropperModule ??= importCropper());
const Cropper = lazy(loadCropper);

const START_CROP: Point = { x: 0, y: 0 };

interface ProfilePictureDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Receives the cropped square JPEG; the dialog has closed by then (docs/product.md §4). */
  onCropped: (image: Blob) => void;
  /** The title and save button of another use of the crop UI (an auction cover). */
  texts?: { title: string; save: string };
}

/** docs/product.md §2 "Profile picture dialog", §4 its state, §5 the file checks, §9 the crop constants. */
export function ProfilePictureDialog({ open, onOpenChange, onCropped, texts }: ProfilePictureDialogProps) {
  const fileInputRef = useRef<HTMLInputElement>(null);
  const [imageSrc, setImageSrc] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [crop, setCrop] = useState<Point>(START_CROP);
  const [zoom, setZoom] = useState<number>(CROP_ZOOM_MIN);
  const [croppedAreaPixels, setCroppedAreaPixels] = useState<Area | null>(null);
  const [isProcessing, setIsProcessing] = useState(false);
  const descriptionId = useId();
  const zoomId = useId();

  useEffect(() => {
    if (open) void loadCropper();
  }, [open]);

  // The chosen file is shown through an object URL; let the browser free it once it is replaced.
  useEffect(() => {
    if (!imageSrc) return;
    return () => URL.revokeObjectURL(imageSrc);
  }, [imageSrc]);

  const resetImage = () => {
    setImageSrc(null);
    setFileName('');
    setCrop(START_CROP);
    setZoom(CROP_ZOOM_MIN);
    setCroppedAreaPixels(null);
    if (fileInputRef.current) fileInputRef.current.value = '';
  };

  const openPicker = () => fileInputRef.current?.click();

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    if (!file) return;
    // docs/product.md §5: a refused file changes nothing, except that the picker can offer it again.
    const refuse = (title: string, description: string) => {
      input.value = '';
      toast({ title, description, variant: 'destructive' });
    };
    if (!file.type.startsWith('image/')) {
      refuse(PROFILE_PICTURE_TEXTS.invalidTypeTitle, PROFILE_PICTURE_TEXTS.invalidTypeDescription);
      return;
    }
    if (file.size > UPLOAD_MAX_BYTES) {
      refuse(PROFILE_PICTURE_TEXTS.tooLargeTitle, PROFILE_PICTURE_TEXTS.tooLargeDescription);
      return;
    }
    setImageSrc(URL.createObjectURL(file));
    setFileName(file.name);
    setCrop(START_CROP);
    setZoom(CROP_ZOOM_MIN);
    setCroppedAreaPixels(null);
  };

  const selectDifferentImage = () => {
    resetImage();
    openPicker();
  };

  const handleOpenChange = (next: boolean) => {
    if (next) {
      onOpenChange(true);
      return;
    }
    // A crop in progress finishes (it takes a moment) rather than landing in a closed dialog.
    if (isProcessing) return;
    resetImage();
    onOpenChange(false);
  };

  const save = async () => {
    if (!imageSrc) return;
    setIsProcessing(true);
    let image: Blob;
    try {
      // Until the cropper has measured the loaded image there is no area to cut.
      if (!croppedAreaPixels) throw new Error('The image has not loaded yet');
      image = await cropImage(imageSrc, croppedAreaPixels);
    } catch {
      toast({
        title: PROFILE_PICTURE_TEXTS.cropErrorTitle,
        description: PROFILE_PICTURE_TEXTS.cropErrorDescription,
        variant: 'destructive',
      });
      setIsProcessing(false);
      return;
    }
    setIsProcessing(false);
    resetImage();
    onOpenChange(false);
    onCropped(image);
  };

  const zoomPercent = `${Math.round(zoom * 100)}%`;

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent className="max-w-xl" aria-describedby={descriptionId}>
        <DialogHeader>
          <DialogTitle>{texts?.title ?? PICTURE_DIALOG_TEXTS.title}</DialogTitle>
        </DialogHeader>

        <input
          ref={fileInputRef}
          type="file"
          accept="image/*"
          className="hidden"
          data-testid="profile-picture-input"
          onChange={onFileChange}
        />

        {imageSrc ? (
          <div className="space-y-4">
            <div className="relative h-72 w-full overflow-hidden rounded-lg bg-neutral-900 sm:h-80">
              <Suspense
                fallback={
                  <p className="flex h-full items-center justify-center text-sm text-white" role="status">
                    Loading...
                  </p>
                }
              >
                <Cropper
                  image={imageSrc}
                  crop={crop}
                  zoom={zoom}
                  minZoom={CROP_ZOOM_MIN}
                  maxZoom={CROP_ZOOM_MAX}
                  aspect={1}
                  cropShape="round"
                  showGrid={false}
                  onCropChange={setCrop}
                  onZoomChange={setZoom}
                  onCropComplete={(_area, pixels) => setCroppedAreaPixels(pixels)}
                  mediaProps={{ alt: fileName ? `Selected image ${fileName}` : 'Selected image' }}
                  cropperProps={{
                    role: 'group',
                    'aria-label': 'Crop area: drag, or use the arrow keys, to position the image',
                  }}
                />
              </Suspense>
            </div>
            <div className="space-y-2">
              <div className="flex items-center justify-between">
                <Label htmlFor={zoomId}>{PICTURE_DIALOG_TEXTS.zoomLabel}</Label>
                <span className="text-sm tabular-nums text-neutral-text/80" data-testid="zoom-readout">
                  {zoomPercent}
                </span>
              </div>
              <input
                id={zoomId}
                type="range"
                min={CROP_ZOOM_MIN}
                max={CROP_ZOOM_MAX}
                step={CROP_ZOOM_STEP}
                value={zoom}
                aria-valuetext={zoomPercent}
                onChange={(event) => setZoom(Number(event.target.value))}
                className="h-2 w-full cursor-pointer accent-primary"
              />
            </div>
            <p className="truncate text-sm text-neutral-text/80" title={fileName}>
              {fileName}
            </p>
            <p id={descriptionId} className="text-center text-sm text-neutral-text/80">
              {PICTURE_DIALOG_TEXTS.cropHint}
            </p>
          </div>
        ) : (
          <div className="flex flex-col items-center gap-3 rounded-lg border-2 border-dashed border-black/15 px-6 py-10 text-center">
            <ImageUp aria-hidden="true" className="size-10 text-primary" />
            <h3 className="text-base font-semibold">{PICTURE_DIALOG_TEXTS.selectHeading}</h3>
            <p id={descriptionId} className="text-sm text-neutral-text/80">
              {PICTURE_DIALOG_TEXTS.selectDescription}
            </p>
            <Button type="button" onClick={openPicker}>
              {PICTURE_DIALOG_TEXTS.selectButton}
            </Button>
            <p className="text-xs text-neutral-text/75">{PICTURE_DIALOG_TEXTS.formatsHint}</p>
          </div>
        )}

        {imageSrc && (
          <DialogFooter className="sm:justify-between">
            <Button type="button" variant="outline" onClick={selectDifferentImage} disabled={isProcessing}>
              {PICTURE_DIALOG_TEXTS.selectDifferent}
            </Button>
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              <Button type="button" variant="outline" onClick={() => handleOpenChange(false)} disabled={isProcessing}>
                {PICTURE_DIALOG_TEXTS.cancel}
              </Button>
              <Button type="button" onClick={() => void save()} disabled={isProcessing} aria-busy={isProcessing}>
                {isProcessing ? PICTURE_DIALOG_TEXTS.processing : (texts?.save ?? PICTURE_DIALOG_TEXTS.save)}
              </Button>
            </div>
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}
