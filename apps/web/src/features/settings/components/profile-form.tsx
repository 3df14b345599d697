import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { MAX_BIO, MAX_DISPLAY_NAME, MAX_LOCATION, MAX_URL_LENGTH, MAX_USERNAME_LENGTH, type UploadedFile, type UserProfile, COMMON_MSG, SETTINGS_MSG } from '@glyphary/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage, hasErrorCode } from '../../../lib/api-client.ts';
import { updateProfile } from '../api/update-profile.ts';
import type { SettingsNotice } from '../types.ts';
import { ImageSourceField } from './image-source-field.tsx';

function initialValues(profile: UserProfile) {
  return {
    bannerImage: profile.bannerImage ?? '',
    profilePicture: profile.profilePicture ?? '',
    displayName: profile.displayName,
    username: profile.username,
    email: profile.email,
    bio: profile.bio,
    location: profile.location,
    website: profile.website,
  };
}

/** What the settings page gives the uploader it renders for one image (the files feature provides it). */
export interface ImageUploadSlotProps {
  label: string;
  value: UploadedFile[];
  onChange: (files: UploadedFile[]) => void;
  onBusyChange: (busy: boolean) => void;
}

export interface ProfileFormProps {
  profile: UserProfile;
  onNotice: (notice: SettingsNotice) => void;
  onSaved: () => Promise<unknown>;
  /** Renders a single-image uploader (spec §2: banner and picture "upload or URL"). */
  renderImageUpload?: (props: ImageUploadSlotProps) => ReactNode;
}

/** spec §2 Settings › Profile: images by upload or URL with preview, names, email, bio, location, website. */
export function ProfileForm({ profile, onNotice, onSaved, renderImageUpload }: ProfileFormProps) {
  const [values, setValues] = useState(() => initialValues(profile));
  const [pending, setPending] = useState(false);
  // Files uploaded in this editing session; while one is in use its URL wins and the URL input is disabled (spec §2).
  const [bannerUpload, setBannerUpload] = useState<UploadedFile[]>([]);
  const [pictureUpload, setPictureUpload] = useState<UploadedFile[]>([]);
  const [busy, setBusy] = useState({ banner: false, picture: false });
  // Stable callbacks that change state only when the value changes: the uploader reports from an effect.
  const setBannerBusy = useCallback((b: boolean) => setBusy((s) => (s.banner === b ? s : { ...s, banner: b })), []);
  const setPictureBusy = useCallback((b: boolean) => setBusy((s) => (s.picture === b ? s : { ...s, picture: b })), []);
  const bannerImage = bannerUpload[0]?.url ?? values.bannerImage;
  const profilePicture = pictureUpload[0]?.url ?? values.profilePicture;
  const uploading = busy.banner || busy.picture;
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: event.target.value }));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onNotice(null);
    setPending(true);
    try {
      const saved = await updateProfile({
        displayName: values.displayName.trim(),
        username: values.username.trim(),
        email: values.email.trim(),
        bio: values.bio,
        location: values.location.trim(),
        website: values.website.trim(),
        profilePicture: profilePicture.trim() || null,
        bannerImage: bannerImage.trim() || null,
      });
      setValues(initialValues(saved));
      // Saved: the profile now references these files, so they are plain URLs from here on
      // (removing them in the uploader would otherwise delete a picture the profile uses).
      setBannerUpload([]);
      setPictureUpload([]);
      await onSaved();
      // Issue 21: a new address waits for the link mailed to it; say where the link went.
      const askedFor = values.email.trim().toLowerCase();
      const sentTo = saved.pendingEmail && askedFor === saved.pendingEmail && askedFor !== profile.email.toLowerCase() ? saved.pendingEmail : null;
      onNotice({ tone: 'success', message: sentTo ? `${SETTINGS_MSG.profileUpdated} ${SETTINGS_MSG.emailChangeSent(sentTo)}` : SETTINGS_MSG.profileUpdated });
    } catch (caught) {
      const message =
        hasErrorCode(caught, 'RECENT_LOGIN_REQUIRED')
          ? SETTINGS_MSG.profileRecentLogin
          : SETTINGS_MSG.profileUpdateFailed(errorMessage(caught, COMMON_MSG.internal));
      onNotice({ tone: 'error', message });
    } finally {
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-6">
      <ImageSourceField
        label="Banner Image URL"
        shape="banner"
        value={bannerImage}
        onChange={(v) => setValues((s) => ({ ...s, bannerImage: v }))}
        urlDisabled={bannerUpload.length > 0}
        uploadSlot={renderImageUpload?.({
          label: 'Upload a banner image',
          value: bannerUpload,
          onChange: setBannerUpload,
          onBusyChange: setBannerBusy,
        })}
      />
      <ImageSourceField
        label="Profile Picture URL"
        shape="avatar"
        hint={SETTINGS_MSG.profilePictureHint}
        value={profilePicture}
        onChange={(v) => setValues((s) => ({ ...s, profilePicture: v }))}
        urlDisabled={pictureUpload.length > 0}
        uploadSlot={renderImageUpload?.({
          label: 'Upload a profile picture',
          value: pictureUpload,
          onChange: setPictureUpload,
          onBusyChange: setPictureBusy,
        })}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <Input label="Display Name" name="displayName" autoComplete="nickname" maxLength={MAX_DISPLAY_NAME} value={values.displayName} onChange={set('displayName')} />
        <Input
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={MAX_USERNAME_LENGTH}
          value={values.username}
          onChange={set('username')}
        />
      </div>
      <Input
        label="Email Address"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        hint={profile.pendingEmail ? SETTINGS_MSG.emailChangePending(profile.pendingEmail) : 'Changing your email needs a recent log-in and a click on the link we send to the new address.'}
        value={values.email}
        onChange={set('email')}
      />
      <Textarea label="Bio" name="bio" rows={4} maxLength={MAX_BIO} hint={`${values.bio.length}/${MAX_BIO}`} value={values.bio} onChange={set('bio')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Input label="Location" name="location" autoComplete="address-level2" maxLength={MAX_LOCATION} value={values.location} onChange={set('location')} />
        <Input label="Website" type="url" name="website" inputMode="url" autoComplete="url" placeholder="https://" maxLength={MAX_URL_LENGTH} value={values.website} onChange={set('website')} />
      </div>
      <div>
        <Button type="submit" size="lg" loading={pending} disabled={uploading}>
          {pending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
