/**
 * Glyph requests: the board, one request, taking on and completing.
 * Part of the text catalogue (../messages.ts): one home per text, split so a page loads only its own.
 */
export const REQUEST_MSG = {
  requestDeviceInvalid: 'device must be phone-3 or phone-4a-pro',
  requestDeviceLabel: 'Target phone',
  requestDeviceAny: 'Any phone',
  requestDeviceFilter: 'Phone',
  requestTryAnotherFilter: 'Try another filter',
  requestDeviceFor: (phone: string) => `For ${phone}`,
  completedBy: 'Completed with',
  completedGlyphGone: 'The toy that completed this request was deleted.',
  imageUrlInvalid: 'Image URLs must be valid HTTP/HTTPS URLs',

  // §5 / §8 requests
  requestLoginToCreate: 'Please log in to create a request',
  requestLoginToTakeOn: 'Please log in to take on requests',
  requestCreateFailed: 'Failed to create request',
  requestTakeOnSuccess: 'Successfully took on the request!',
  requestTakeOnFailed: 'Failed to take on request',
  requestCancelled: 'Request cancelled',
  requestCancelFailed: 'Failed to cancel request',
  requestNotFound: 'Request not found',
  requestTitleRequired: 'Title is required',
  requestDescriptionRequired: 'Description is required',
  requestReferenceNotOwned: 'Reference files must be files you uploaded',
  // web texts the spec leaves open (issue 6)
  requestCreated: 'Request created!',
  requestCancelConfirm: 'Are you sure you want to cancel this request?',
  requestLoadFailed: 'This request could not be loaded. Please try again.',
  // Issue 48: the Cancel button says what it does — the assignee hands the request back, the requester ends it.
  requestHandBackButton: 'Cancel and hand back',
  requestCancelButton: 'Cancel request',
  requestHandBackTitle: 'Hand back request',
  requestHandBackConfirmLabel: 'Hand Back',
  requestHandingBack: 'Handing back...',
  requestGiveBackConfirm: 'Are you sure you want to cancel this request? It will go back to the open requests for someone else to take on.',
} as const;
