/**
 * What the API gets back from the ride platforms, already in the API's vocabulary (spec §2,
 * Registration and Invitation), so services copy these fields instead of translating platform words.
 */
export type PlatformName = 'platform_a' | 'platform_b';

/** A registration as the platform sees it; `none` never comes back: an unknown vehicle is `null`. */
export interface PlatformRegistration {
  platform: PlatformName;
  /** The platform's own id of the vehicle, for the API's `platform_ref`. */
  platformRef: string;
  status: 'pending' | 'approved' | 'rejected' | 'registered' | 'removed';
  documentsRequired: boolean;
  docStatus: 'not_submitted' | 'submitted' | null;
  docReviewStatus: 'pending' | 'approved' | 'rejected' | null;
  registeredAt: string | null;
  approvedAt: string | null;
}

export interface RegisterResult {
  /** false when the platform already had this vehicle (the API answers 200 instead of 201). */
  created: boolean;
  registration: PlatformRegistration;
}

export interface VehicleRegistrationInput {
  /** The API's vehicle id. */
  externalId: string;
  /** The API's tenant id. */
  fleetId: string;
  plate: string;
  vin: string | null;
  brand: string;
  model: string;
  year: number;
  color: string;
}

export interface PlatformAVehicleInput extends VehicleRegistrationInput {
  city: string;
}

export interface PlatformBVehicleInput extends VehicleRegistrationInput {
  vin: string;
}

export interface CardUpload {
  bytes: Uint8Array;
  contentType: string;
}

export interface CardUploadResult {
  platformRef: string;
  sizeBytes: number;
  submittedAt: string;
  registration: PlatformRegistration;
}

export interface DriverInvitationInput {
  /** The API's driver id. */
  externalId: string;
  fleetId: string;
  name: string;
  whatsapp: string;
}

/** An invitation as the platform sees it; a cancelled one comes back as `none`. */
export interface PlatformInvitation {
  platform: 'platform_a';
  platformRef: string;
  status: 'none' | 'invited' | 'bound' | 'rejected';
  reviewStatus: 'pending' | 'under_review' | 'approved' | 'rejected' | 'suspended' | null;
  invitedAt: string | null;
  acceptedAt: string | null;
}

export interface InviteResult {
  created: boolean;
  invitation: PlatformInvitation;
}

export interface BindingDriver {
  externalId: string;
  name: string;
  whatsapp: string;
}

/**
 * A binding request's outcome. `not_ready` maps to the assignment's platformSync `awaiting` (the
 * platform side may get ready later), `refused` to `failed`. Outages throw PLATFORM_UNAVAILABLE.
 */
export type BindResult =
  | { outcome: 'bound'; platformRef: string; boundAt: string }
  | { outcome: 'not_ready'; reason: 'vehicle_not_ready' | 'driver_not_ready'; message: string }
  | { outcome: 'refused'; message: string };

export interface UnbindResult {
  /** false when the platform had no such binding: unbinding is safe to repeat. */
  unbound: boolean;
}
