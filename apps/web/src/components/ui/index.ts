// Design-system primitives: build every screen from these.
export { Badge, type BadgeTone } from './badge.tsx';
export { Banner, type BannerTone } from './banner.tsx';
export { Button, buttonClasses, type ButtonProps, type ButtonVariant, type ButtonSize } from './button.tsx';
export { Card, CardContent, CardDescription, CardHeader, CardTitle } from './card.tsx';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog.tsx';
export { Dialog, type DialogProps } from './dialog.tsx';
export { DotMatrix, type DotMatrixProps, type DotMatrixPattern } from './dot-matrix.tsx';
export { Avatar, DotText } from './dot-text.tsx';
export { EmptyState } from './empty-state.tsx';
export { Field, controlClasses } from './field.tsx';
export { Input, type InputProps } from './input.tsx';
export { PasswordInput } from './password-input.tsx';
export { Skeleton } from './skeleton.tsx';
export { Spinner } from './spinner.tsx';
export { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs.tsx';
export { Textarea, type TextareaProps } from './textarea.tsx';
export { ToastProvider, useToast, type ToastApi, type ToastTone } from './toast.tsx';
